// A spreadsheet thread's task: one uploaded file's cells, or why it has none.
import { type CellsOrProblem, cellsOf } from './spreadsheet-cells';

export default function readSpreadsheet({ bytes }: { bytes: Uint8Array }): Promise<CellsOrProblem> {
  return cellsOf(bytes);
}
