// A PDF thread's task: draws one table document and sends its bytes back in chunks, then null.
import type { MessagePort } from 'node:worker_threads';
import { type TablePdf, writeTablePdf } from './table-pdf';

const CHUNK_BYTES = 64 * 1024;

export default function drawTablePdf({ table, port }: { table: TablePdf; port: MessagePort }): Promise<number> {
  return new Promise((resolve, reject) => {
    const doc = writeTablePdf(table);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    const flush = () => {
      if (pendingBytes === 0) return;
      port.postMessage(Buffer.concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    };
    doc.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      total += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) flush();
    });
    doc.on('end', () => {
      flush();
      port.postMessage(null);
      port.close();
      resolve(total);
    });
    doc.on('error', (error: Error) => {
      port.close();
      reject(error);
    });
  });
}
