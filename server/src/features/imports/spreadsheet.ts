import { IMPORT_TOO_SLOW } from '@stockyard/contract';
import { AppError } from '../../lib/errors';
import { threadPool } from '../../lib/thread-pool';
import type { Cells, CellsOrProblem } from './spreadsheet-cells';

export type { Cells } from './spreadsheet-cells';

/** How long a file may take to read, and how much memory its thread may use, before it is refused. */
const READ_LIMIT_MS = 10_000;
const READ_MEMORY_MB = 512;

/**
 * Uploaded spreadsheets are read on threads of their own, each read stopped after READ_LIMIT_MS and
 * within READ_MEMORY_MB: a hostile or broken file costs its own request a refusal, never the server
 * its other requests.
 */
const spreadsheetThreads = threadPool(
  {
    source: new URL('./spreadsheet.worker.ts', import.meta.url),
    bundled: new URL('./spreadsheet.worker.js', import.meta.url),
  },
  { memoryMb: READ_MEMORY_MB },
);

/** An uploaded .xlsx or .csv file's cells, read off the request loop; 400 with the reason when it has none. */
export async function readCells(bytes: Buffer): Promise<Cells> {
  let read: CellsOrProblem;
  try {
    read = await spreadsheetThreads.run<CellsOrProblem>({ bytes }, { signal: AbortSignal.timeout(READ_LIMIT_MS) });
  } catch {
    // Stopped at the time limit, or its thread ran out of memory and was ended.
    throw new AppError('bad_request', IMPORT_TOO_SLOW);
  }
  if ('problem' in read) throw new AppError('bad_request', read.problem);
  return read.cells;
}

/** Ends the spreadsheet threads (when the server stops). */
export const closeSpreadsheetThreads = spreadsheetThreads.close;
