import { availableParallelism } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TablePdf } from './table-pdf';

// Bundled, the thread's code sits beside the server's bundle; from source (tests, dev) it is TypeScript.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSource ? './table-pdf.worker.ts' : './table-pdf.worker.js', import.meta.url);

let pool: Piscina | undefined;

/**
 * PDFs are drawn on their own threads, at most one fewer than the cores, so a month-end report of
 * 10,000 rows never holds up a keeper's movement on the request loop. Idle threads end after a while.
 */
function threads(): Piscina {
  pool ??= new Piscina({
    filename: WORKER.href,
    maxThreads: Math.max(1, availableParallelism() - 1),
    minThreads: 0,
    idleTimeout: 30_000,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return pool;
}

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
  threads()
    .run({ table, port: port2 }, { transferList: [port2] })
    .catch((error: unknown) => {
      port1.close();
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return output;
}

/** Ends the PDF threads (when the server stops). */
export async function closePdfThreads(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
