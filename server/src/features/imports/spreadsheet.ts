import { IMPORT_NOT_READABLE } from '@stockyard/contract';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../../lib/errors';

/** A sheet's cells as text, row by row, the headings first. */
export type Cells = string[][];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Reads an uploaded .xlsx (its first sheet) or .csv (UTF-8, else Windows-1252 as older Excel saves it) into cells. */
export async function readCells(bytes: Buffer): Promise<Cells> {
  const isXlsx = ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
  try {
    return isXlsx ? await readXlsx(bytes) : readCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', IMPORT_NOT_READABLE);
  }
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
  if (bytes.includes(0)) throw new AppError('bad_request', IMPORT_NOT_READABLE);
  const text = decode(bytes).replace(/^\uFEFF/, '');
  // Papa guesses the separator (`,` or the `;` of comma-decimal locales) and handles quoted cells.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (parsed.errors.some((error) => error.type === 'Quotes')) throw new AppError('bad_request', IMPORT_NOT_READABLE);
  return parsed.data;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
