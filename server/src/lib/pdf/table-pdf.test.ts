import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../test/pdf-text';
import { type TablePdf, tableStyle, writeTablePdf } from './table-pdf';

function pdfBytes(table: TablePdf): Promise<Uint8Array> {
  const doc = writeTablePdf(table);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}

function table(rows: number): TablePdf {
  return {
    style: tableStyle([28, 61, 110], {}),
    title: 'Stock',
    columns: [
      { header: 'Material', width: 60 },
      { header: 'Quantity', width: 30, align: 'right' },
    ],
    rows: Array.from({ length: rows }, (_, index) => [`Row ${index + 1}`, String(index)]),
    totals: [
      ['Total bag', '10'],
      ['Total t', '2'],
    ],
    page: 'Page {page} of {pages}',
    signatures: ['Prepared by', 'Checked by'],
  };
}

describe('a table PDF', () => {
  it('never starts a page with its totals alone: the last row goes over with them', async () => {
    let turnedOver = 0;
    // From a table that fits one page to one whose end spills onto a second, row by row.
    for (let rows = 24; rows <= 34; rows += 1) {
      const { pages } = await readPdfText(await pdfBytes(table(rows)));
      const last = pages.at(-1) ?? [];
      expect(last, `${rows} rows`).toContain('Total bag');
      expect(last, `${rows} rows`).toContain('Total t');
      expect(last, `${rows} rows`).toContain(`Row ${rows}`);
      if (pages.length > 1) turnedOver += 1;
    }
    expect(turnedOver).toBeGreaterThan(0);
  });
});
