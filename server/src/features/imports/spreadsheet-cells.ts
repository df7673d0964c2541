// What a spreadsheet thread does with an uploaded file: its cells as text, or why it has none.
import { IMPORT_CELL_TOO_LONG, IMPORT_NOT_READABLE, TEXT_MAX } from '@stockyard/contract';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';

/** A sheet's cells as text, row by row, the headings first. */
export type Cells = string[][];

/** A file's cells, or the message that says why it cannot be imported. */
export type CellsOrProblem = { cells: Cells } | { problem: string };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

class Unreadable extends Error {}

/**
 * Reads an uploaded .xlsx (its first sheet) or .csv (UTF-8, else Windows-1252 as older Excel saves it)
 * into cells. A cell longer than any field Stockyard keeps is refused before anything else looks at it.
 */
export async function cellsOf(bytes: Uint8Array): Promise<CellsOrProblem> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isXlsx = ZIP_SIGNATURE.every((byte, index) => buffer[index] === byte);
  let cells: Cells;
  try {
    cells = isXlsx ? await readXlsx(buffer) : readCsv(buffer);
  } catch {
    return { problem: IMPORT_NOT_READABLE };
  }
  const isTooLong = cells.some((row) => row.some((cell) => cell.length > TEXT_MAX));
  return isTooLong ? { problem: IMPORT_CELL_TOO_LONG } : { cells };
}

async function readXlsx(bytes: Buffer): Promise<Cells> {
  const rows = await readSheet(bytes);
  return rows.map((row) => row.map(cellText));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function readCsv(bytes: Buffer): Cells {
  if (bytes.includes(0)) throw new Unreadable();
  const text = decode(bytes).replace(/^\uFEFF/, '');
  // Papa guesses the separator (`,` or the `;` of comma-decimal locales) and handles quoted cells.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (parsed.errors.some((error) => error.type === 'Quotes')) throw new Unreadable();
  return parsed.data;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
