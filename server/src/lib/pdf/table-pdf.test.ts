import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
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

  it('keeps every word of a cell whole, shrinking the letters when the columns need it, as a page turned into an image shows', async () => {
    const headers = ['Date', 'Unit', 'Category', 'Transfer from Warehouse', 'Opening Value (INR)', 'Value In (INR)'];
    const cells = ['02/11/2026', 'bucket', 'Chemicals', '123,456', '123,456.78', '23,456.00'];
    const columns = Array.from({ length: 10 }, (_, index) => ({ header: headers[index % headers.length] as string, width: 10 }));
    const rows = Array.from({ length: 5 }, () => columns.map((_, index) => cells[index % cells.length] as string));
    // A row of one short word per cell with a letter above and one below the line: one line's ink at its tallest.
    const reference = columns.map(() => 'Ajg');
    const bytes = await pdfBytes({
      style: tableStyle([28, 61, 110], {}),
      title: 'Stock',
      columns,
      rows: [reference, ...rows],
      page: 'Page {page} of {pages}',
    });

    const { pages } = await readPdfText(bytes);
    const pieces = pages[0] ?? [];
    for (const cell of cells) {
      const columnsWithIt = columns.filter((_, index) => cells[index % cells.length] === cell).length;
      expect(pieces.filter((piece) => piece === cell).length, cell).toBe(5 * columnsWithIt);
    }
    for (const word of headers.flatMap((header) => header.split(' ')))
      expect(
        pieces.some((piece) => piece.split(' ').includes(word)),
        word,
      ).toBe(true);

    // Each body row is one line of ink: a word broken over two lines would make its band twice as tall.
    const [line, ...bands] = inkBands(bytes);
    expect(bands.length).toBe(5);
    for (const band of bands) expect(band.height, `the band at ${band.top} px`).toBeLessThanOrEqual((line?.height ?? 0) + 1);
  });
});

const DPI = 100;

/** The bands of dark ink under a table's header on its first page, in pixels (pdftoppm renders the page). */
function inkBands(pdf: Uint8Array): { top: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'table-pdf-'));
  try {
    writeFileSync(join(dir, 'table.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', '-f', '1', '-l', '1', join(dir, 'table.pdf'), join(dir, 'page')]);
    const page = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    const darkIn = (y: number) => {
      let dark = 0;
      for (let x = 0; x < page.width; x += 1) {
        const at = (y * page.width + x) * 4;
        if ((page.data[at] ?? 255) < 120 && (page.data[at + 1] ?? 255) < 120 && (page.data[at + 2] ?? 255) < 120) dark += 1;
      }
      return dark;
    };
    const rows = Array.from({ length: page.height }, (_, y) => darkIn(y));
    // The header is the band filled dark across most of the page; the footer is the last 15 mm.
    let headerEnd = 0;
    rows.forEach((dark, y) => {
      if (dark > page.width / 2) headerEnd = y + 1;
    });
    const bottom = page.height - Math.round((15 / 25.4) * DPI);
    const bands: { top: number; height: number }[] = [];
    let top = -1;
    for (let y = headerEnd; y < bottom; y += 1) {
      const inked = (rows[y] ?? 0) > 0;
      if (inked && top < 0) top = y;
      if (!inked && top >= 0) {
        bands.push({ top, height: y - top });
        top = -1;
      }
    }
    return bands;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
