import { buffer } from 'node:stream/consumers';
import { PRINTED_TEXTS, type ReportRow } from '@stockyard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../../test/pdf-text';
import { closePdfThreads, tablePdfStream } from '../../lib/pdf/pdf-threads';
import { reportPdf, type StoreReport } from './report-files';

const ROWS = 10_000;

function row(index: number): ReportRow {
  const opening = index % 97;
  return {
    materialId: `m${index}`,
    name: `${['Cement OPC 53', 'सीमेंट', '水泥', 'Steel Fe500'][index % 4]} ${index}`,
    categoryname: `Category ${index % 40}`,
    materialname: index % 3 === 0 ? 'Binder' : '',
    materialName: '',
    size: `${index % 60} mm`,
    unit: 'piece',
    previousQuantity: opening,
    restockedQuantity: index % 13,
    transferQuantity: index % 5,
    transferredInQuantity: index % 6,
    transferredOutQuantity: index % 4,
    returnedToSupplierQuantity: 0,
    consumedQuantity: index % 7,
    damagedQuantity: index % 2,
    refundQuantity: index % 3,
    adjustmentQuantity: (index % 4) - 1,
    currentAvailableQuantity:
      opening + (index % 13) + (index % 5) + (index % 6) + (index % 3) - (index % 7) - (index % 2) - (index % 4) + (index % 4) - 1,
    openingValue: `${opening * 412}.50`,
    valueIn: `${(index % 13) * 1250}.25`,
    valueOut: `${(index % 7) * 980}.75`,
    closingValue: `${opening * 412 + (index % 13) * 1250 - (index % 7) * 980}.00`,
    restockDate: '2026-03-04',
    remarks: index % 10 === 0 ? 'Checked at the gate, two bags torn' : null,
    storeName: 'Riverside',
  };
}

describe('a 10,000-row report PDF', () => {
  afterAll(() => closePdfThreads());

  it('stays under 450 bytes a row of 22 cells, with the header and "Page N of M" on every page and the totals and signatures last', async () => {
    const report: StoreReport = {
      storeName: 'Riverside',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      rows: Array.from({ length: ROWS }, (_, index) => row(index)),
      generatedAt: new Date('2026-04-01T09:30:00Z'),
      generatedBy: 'Asha Rao',
      timeZone: 'Asia/Kolkata',
      currency: 'INR',
    };
    const bytes = await buffer(tablePdfStream(reportPdf(report, 'admin', PRINTED_TEXTS.en)));
    expect(bytes.length).toBeLessThan(ROWS * 450);
    const pdf = await readPdfText(bytes);
    const pages = pdf.pages.length;
    expect(pages).toBeGreaterThan(100);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain('Product');
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
      expect(page).toContain('Riverside · 01/03/2026 - 31/03/2026 · Generated 01/04/2026 15:00 by Asha Rao');
    });
    const last = pdf.pages.at(-1) ?? [];
    expect(last).toEqual(expect.arrayContaining(['Total', 'Prepared by', 'Checked by']));
    // "Total" heads the Total Qty column on every page, and starts the totals row once.
    expect(pdf.pages.flat().filter((text) => text === 'Total')).toHaveLength(pages + 1);
    const names = pdf.pages.flat().filter((text) => /^\d+$/.test(text) === false && /(OPC 53|Steel Fe500) \d+$/.test(text));
    expect(names).toHaveLength(ROWS / 2);
  }, 120_000);
});
