// @vitest-environment node
import { REPORT_COLUMNS, type ReportRow } from '@stockyard/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildTrackSuppliesPdf } from '../materials/track-supplies-pdf';
import { adminReportDocument, buildReportCsv, buildReportPdf, keeperReportDocument } from './report-export';

function row(overrides: Partial<ReportRow> = {}): ReportRow {
  return {
    materialId: crypto.randomUUID(),
    name: 'Cement OPC',
    categoryname: 'Binders',
    materialname: 'N/A',
    materialName: 'N/A',
    size: '50 kg',
    unit: 'bag',
    previousQuantity: 110,
    restockedQuantity: 30,
    transferQuantity: 0,
    consumedQuantity: 15,
    damagedQuantity: 2,
    refundQuantity: 5,
    currentAvailableQuantity: 123,
    restockDate: '2026-03-15',
    remarks: null,
    storeName: 'Riverside',
    ...overrides,
  };
}

type PdfText = { pages: string[][]; width: number; height: number };

async function readPdf(data: ArrayBuffer): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  let width = 0;
  let height = 0;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    if (number === 1) [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== ''));
  }
  return { pages, width, height };
}

const HEADER = [...REPORT_COLUMNS];

describe('the admin report PDF', () => {
  it('is landscape A4 with the centred title, the 14 columns and the row values, N/A and 0 where empty', async () => {
    const doc = await buildReportPdf(
      adminReportDocument('Riverside', '2026-03-01', '2026-03-31', [
        row(),
        row({ name: 'Sand', categoryname: '', remarks: 'Wet', restockDate: null }),
      ]),
    );
    const pdf = await readPdf(doc.output('arraybuffer'));
    // A4 landscape in points: 841.89 × 595.28.
    expect(Math.round(pdf.width)).toBe(842);
    expect(Math.round(pdf.height)).toBe(595);
    expect(pdf.pages).toHaveLength(1);
    const [title, ...rest] = pdf.pages[0] as string[];
    expect(title).toBe('Store Report - Riverside (01/03/2026 - 31/03/2026)');
    expect(rest.slice(0, HEADER.length)).toEqual(HEADER);
    expect(rest).toEqual(expect.arrayContaining(['15/03/2026', 'Cement OPC', 'Binders', '110', '30', '123']));
    const sand = rest.slice(rest.indexOf('Sand') - 1, rest.indexOf('Sand') + 13);
    expect(sand).toEqual(['N/A', 'Sand', 'N/A', 'N/A', '50 kg', 'bag', '110', '30', '0', '15', '2', '5', '123', 'Wet']);
  });

  it('spreads 2,000 materials over many pages with the header on each', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row({ name: `Material ${String(i).padStart(4, '0')}` }));
    const doc = await buildReportPdf(adminReportDocument('Riverside', '2026-03-01', '2026-03-31', rows));
    const pdf = await readPdf(doc.output('arraybuffer'));
    expect(pdf.pages.length).toBeGreaterThan(40);
    for (const page of pdf.pages) expect(page).toEqual(expect.arrayContaining(['Product', 'Closing Qty', 'Damages/Wastage']));
    const names = pdf.pages.flat().filter((text) => text.startsWith('Material '));
    expect(names).toHaveLength(2000);
    expect(names.at(-1)).toBe('Material 1999');
  }, 60_000);
});

describe('the keeper report PDF', () => {
  it('is titled "Store Report (start - end)" and named store_report_{start}_to_{end}', async () => {
    const report = keeperReportDocument('2026-03-01', '2026-03-31', [row()]);
    expect(report.fileBase).toBe('store_report_2026-03-01_to_2026-03-31');
    const pdf = await readPdf((await buildReportPdf(report)).output('arraybuffer'));
    expect(pdf.pages[0]?.[0]).toBe('Store Report (01/03/2026 - 31/03/2026)');
    expect(adminReportDocument('X', '2026-03-01', '2026-03-31', []).fileBase).toBe('Store_Report_2026-03-01_to_2026-03-31');
  });
});

describe('the track-supplies PDF', () => {
  it('is portrait with the store breakdown', async () => {
    const doc = await buildTrackSuppliesPdf({
      _id: 'x',
      storeName: 'Riverside',
      location: 'Dock road',
      inventoryDetails: [{ productName: 'Sand', damageStock: 2, refundStock: 4, consumedStock: 6, totalQuantity: 30 }],
    });
    const pdf = await readPdf(doc.output('arraybuffer'));
    expect(Math.round(pdf.width)).toBe(595);
    expect(pdf.pages[0]).toEqual(expect.arrayContaining(['Product', 'Damaged Stock', 'Sand', '30']));
  });
});

describe('the report CSV', () => {
  it('starts with a byte-order mark, quotes as RFC 4180 says and uses CRLF lines', () => {
    const csv = buildReportCsv([row({ name: 'Ciment "spécial", 42.5', remarks: 'line one\nline two' }), row({ name: '=HYPERLINK("x")' })]);
    expect(
      csv.startsWith(
        '\uFEFFDate,Product,Category,Material,Size,Unit,Total Qty,Purchases,Transfer from Warehouse,Consumed,Damages/Wastage,Return,Closing Qty,Remarks\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('15/03/2026,"Ciment ""spécial"", 42.5",Binders,N/A,50 kg,bag,110,30,0,15,2,5,123,"line one\nline two"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    // Quoted too, so a spreadsheet that splits on ";" keeps it one cell and runs no formula from it.
    const semicolon = buildReportCsv([row({ name: 'Sand;=1+1' })])
      .slice(1)
      .split('\r\n')[1];
    expect(semicolon?.split(',')[1]).toBe('"Sand;=1+1"');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
