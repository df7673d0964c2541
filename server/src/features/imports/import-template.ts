import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportKind } from '@stockyard/contract';
import writeExcelFile from 'write-excel-file/node';

/** The headings an import reads, in the template's order. */
function headingsOf(kind: ImportKind): string[] {
  return IMPORT_FIELDS[kind].map((field) => IMPORT_FIELD_LABELS[field]);
}

/** A file with just the headings, to fill in and upload: as CSV, or as an Excel workbook. */
export async function importTemplate(kind: ImportKind, format: 'csv' | 'xlsx'): Promise<{ name: string; type: string; body: Readable }> {
  const name = `stockyard-${kind}-template.${format}`;
  if (format === 'csv') return { name, type: 'text/csv; charset=utf-8', body: Readable.from([`${CSV_BOM}${csvLine(headingsOf(kind))}`]) };
  const bytes = await writeExcelFile([headingsOf(kind).map((value) => ({ value, fontWeight: 'bold' as const }))]).toBuffer();
  return { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Readable.from([bytes]) };
}
