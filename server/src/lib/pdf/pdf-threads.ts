import { PassThrough, type Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { threadPool } from '../thread-pool';
import type { TablePdf } from './table-pdf';

/**
 * PDFs are drawn on their own threads, so a month-end report of 10,000 rows never holds up a keeper's
 * movement on the request loop.
 */
const pdfThreads = threadPool({
  source: new URL('./table-pdf.worker.ts', import.meta.url),
  bundled: new URL('./table-pdf.worker.js', import.meta.url),
});

/** The table's PDF as a stream of bytes, drawn on a PDF thread. */
export function tablePdfStream(table: TablePdf): Readable {
  const output = new PassThrough();
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (chunk: Uint8Array | null) => {
    if (chunk === null) {
      port1.close();
      output.end();
    } else output.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  pdfThreads.run({ table, port: port2 }, { transferList: [port2] }).catch((error: unknown) => {
    port1.close();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/** Ends the PDF threads (when the server stops). */
export const closePdfThreads = pdfThreads.close;
