import {
  closingOf,
  closingValueOf,
  REPORT_COLUMNS,
  REPORT_QUANTITY_FIELDS,
  REPORT_VALUE_FIELDS,
  type ReportQuantities,
  type ReportValues,
  sumMoney,
} from '@stockyard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, recordAt } from '../../../test/factories';
import { readPdfText } from '../../../test/pdf-text';

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

const NAMES = ['Cement OPC', 'सीमेंट', '水泥', 'Τσιμέντο', 'Цемент', 'إسمنت'];
const RANGE = 'startDate=2026-03-01&endDate=2026-03-31';

/** Values read from the printed value cells (written with thousands separators), in column order. */
function values(cells: string[]): ReportValues {
  return Object.fromEntries(REPORT_VALUE_FIELDS.map((field, index) => [field, (cells[index] ?? '').replaceAll(',', '')])) as ReportValues;
}

/** Quantities read from the printed quantity cells, in column order. */
const QUANTITIES = REPORT_QUANTITY_FIELDS.length;
function quantities(cells: string[]): ReportQuantities {
  return Object.fromEntries(REPORT_QUANTITY_FIELDS.map((field, index) => [field, Number(cells[index])])) as ReportQuantities;
}

describe('report files: PDF and CSV of a store report', () => {
  let t: TestApp;
  let staff: Staff;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
    const db = t.database.db;
    for (const [index, name] of NAMES.entries()) {
      const material = await createMaterial(t.app, staff.keeper.token, { name, totalQuantity: 0 });
      const steps: [Parameters<typeof recordAt>[1]['kind'], number, string, string?][] = [
        ['opening', 40 + index, '2026-02-01T10:00:00Z', '12.3333'],
        ['issue', 6, '2026-02-20T10:00:00Z'],
        ['purchase', 10, '2026-03-02T10:00:00Z', '1350.5'],
        ['delivery', 7, '2026-03-03T10:00:00Z', '11.25'],
        ['issue', 3 + index, '2026-03-04T10:00:00Z'],
        ['damage', 3, '2026-03-05T10:00:00Z'],
        // A return of February's issue, with no issue of its own inside the range for the first material.
        ['return', 2, '2026-03-06T10:00:00Z'],
      ];
      for (const [kind, quantity, at, unitCost] of index === 0
        ? steps.filter(([kind, , day]) => kind !== 'issue' || day < '2026-03')
        : steps) {
        expect(await recordAt(db, { itemId: material._id, kind, quantity, at, unitCost })).toBe(true);
      }
    }
  });
  afterAll(() => t.close());

  it('answers the keeper report with a totals row that keeps the row identity', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/user/report?${RANGE}`, headers: bearer(staff.keeper.token) });
    expect(response.statusCode).toBe(200);
    const { data, totals, totalsByUnit } = response.json();
    expect(data).toHaveLength(NAMES.length);
    // One unit in this store: its totals row is the overall one, quantities and all.
    expect(totalsByUnit).toEqual([{ unit: 'bag', ...totals }]);
    for (const row of [...data, totals]) expect(closingOf(row)).toBe(row.currentAvailableQuantity);
    const first = data.find((row: { name: string }) => row.name === 'Cement OPC');
    expect(first).toMatchObject({ refundQuantity: 2, consumedQuantity: 0 });
    for (const field of REPORT_QUANTITY_FIELDS) {
      expect(totals[field]).toBe(data.reduce((sum: number, row: ReportQuantities) => sum + row[field], 0));
    }
    // The money identity on every row and the totals, each value total the rows' sum, and the closing
    // value what the valuation says the store held at the end of the range.
    for (const row of [...data, totals]) expect(closingValueOf(row)).toBe(row.closingValue);
    for (const field of REPORT_VALUE_FIELDS) expect(totals[field]).toBe(sumMoney(data.map((row: ReportValues) => row[field])));
    expect(Number(totals.valueIn)).toBeGreaterThan(0);
    expect(Number(totals.valueOut)).toBeGreaterThan(0);
    const valuation = async (asOf: string) => {
      const url = `/api/valuation?storeId=${staff.store._id}&asOf=${asOf}`;
      return (await t.app.inject({ method: 'GET', url, headers: bearer(staff.keeper.token) })).json().totals.value;
    };
    expect(totals.closingValue).toBe(await valuation('2026-03-31'));
    expect(totals.openingValue).toBe(await valuation('2026-02-28'));
  });

  it('prints the PDF with every script, page numbers, who made it, the totals row and the signature lines', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/user/report/pdf?${RANGE}`, headers: bearer(staff.keeper.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="store_report_2026-03-01_to_2026-03-31.pdf"');
    const pdf = await readPdfText(response.rawPayload);
    expect(Math.round(pdf.width)).toBe(842);
    expect(pdf.pages).toHaveLength(1);
    const page = pdf.pages[0] ?? [];
    expect(page[0]).toBe('Store Report (01/03/2026 - 31/03/2026)');
    const head = page
      .slice(1, page.indexOf(NAMES[0] ?? '') - 1)
      .join(' ')
      .replaceAll('/ ', '/');
    for (const column of REPORT_COLUMNS) expect(head).toContain(column);
    expect(head).toContain('Closing Value (USD)');
    // Arabic is drawn right to left with its joined letter forms; pdf.js reads control characters between some of them.
    const readable = page.map((text) => text.replace(/\p{Cc}/gu, ''));
    for (const name of NAMES) expect(readable).toContain(name);
    // Every row and the totals row add up as printed; every material is in bags, so one totals row, of bags.
    for (const name of [...NAMES, 'Total']) {
      // "Total" is also a word of the Total Qty heading: the totals row is the last, its unit after it.
      const at = readable.lastIndexOf(name);
      if (name === 'Total') expect(page[at + 1]).toBe('bag');
      const skip = name === 'Total' ? 2 : 5;
      const cells = page.slice(at + skip, at + skip + QUANTITIES);
      const printed = quantities(cells);
      expect(closingOf(printed), `${name}: ${cells.join(' ')}`).toBe(printed.currentAvailableQuantity);
      const first = at + skip + QUANTITIES;
      const amounts = values(page.slice(first, first + REPORT_VALUE_FIELDS.length));
      expect(closingValueOf(amounts), `${name}: ${JSON.stringify(amounts)}`).toBe(amounts.closingValue);
    }
    const cement = page.slice(page.indexOf('Cement OPC') + 5, page.indexOf('Cement OPC') + 5 + QUANTITIES);
    expect(quantities(cement)).toMatchObject({ refundQuantity: 2, consumedQuantity: 0 });
    expect(page).toEqual(expect.arrayContaining(['Prepared by', 'Checked by', 'Page 1 of 1']));
    const footer = page.find((text) => text.startsWith(`${staff.store.name} · 01/03/2026 - 31/03/2026 · Generated `));
    expect(footer).toMatch(/Generated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by .+/);
  });

  it('prints the PDF in the language the request asks for, Hindi in its own script, and English when it asks for none the app speaks', async () => {
    const inLanguage = async (acceptLanguage: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/user/report/pdf?${RANGE}`,
        headers: { ...bearer(staff.keeper.token), 'accept-language': acceptLanguage },
      });
      expect(response.statusCode).toBe(200);
      return (await readPdfText(response.rawPayload)).pages[0] ?? [];
    };
    const spanish = await inLanguage('es-ES,es;q=0.9,en;q=0.8');
    expect(spanish[0]).toBe('Informe del almacén (01/03/2026 - 31/03/2026)');
    expect(spanish).toEqual(expect.arrayContaining(['Preparado por', 'Revisado por', 'Página 1 de 1', 'Total']));
    expect(spanish.join(' ')).toContain('Cant. final');
    expect(spanish.find((text) => text.startsWith(`${staff.store.name} · 01/03/2026 - 31/03/2026 · Generado el `))).toBeDefined();

    // Devanagari is drawn shaped: pdf.js reads its glyphs back in the order they are drawn (a vowel sign before its consonant).
    const hindi = await inLanguage('hi');
    expect(hindi[0]).toMatch(/^स्टोर /);
    expect(hindi).toEqual(expect.arrayContaining(['कुल']));
    expect(hindi).not.toContain('Prepared by');

    const unknown = await inLanguage('de-DE,ja;q=0.5');
    expect(unknown[0]).toBe('Store Report (01/03/2026 - 31/03/2026)');
  });

  it('writes the CSV with the same columns and the totals row, every line adding up', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/user/report/csv?${RANGE}`, headers: bearer(staff.keeper.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="store_report_2026-03-01_to_2026-03-31.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(REPORT_COLUMNS.join(','));
    const body = lines.slice(1, -1).map((line) => line.split(','));
    expect(body).toHaveLength(NAMES.length + 1);
    expect(body.at(-1)?.slice(0, 2)).toEqual(['', 'Total']);
    for (const cells of body) {
      const printed = quantities(cells.slice(6, 6 + QUANTITIES));
      expect(closingOf(printed)).toBe(printed.currentAvailableQuantity);
      const amounts = values(cells.slice(6 + QUANTITIES, 6 + QUANTITIES + REPORT_VALUE_FIELDS.length));
      expect(amounts.closingValue).toMatch(/^\d+\.\d{2}$/);
      expect(closingValueOf(amounts)).toBe(amounts.closingValue);
    }
  });

  it('gives the admin any store by id, named Store_Report_..., and refuses a store user', async () => {
    const query = `storeId=${staff.store._id}&${RANGE}`;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/report/generate-report/pdf?${query}`, headers: bearer(staff.admin.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Store_Report_2026-03-01_to_2026-03-31.pdf"');
    const text = await readPdfText(pdf.rawPayload);
    expect(text.pages[0]?.[0]).toBe(`Store Report - ${staff.store.name} (01/03/2026 - 31/03/2026)`);
    // Drawn after the keeper's on the same PDF thread, with the words that one shaped: the same text.
    const keeperPdf = await t.app.inject({ method: 'GET', url: `/api/user/report/pdf?${RANGE}`, headers: bearer(staff.keeper.token) });
    const body = (page: string[] = []) => page.slice(1).filter((item) => !item.includes(' · Generated '));
    expect(body(text.pages[0])).toEqual(body((await readPdfText(keeperPdf.rawPayload)).pages[0]));
    const csv = await t.app.inject({ method: 'GET', url: `/api/report/generate-report/csv?${query}`, headers: bearer(staff.admin.token) });
    expect(csv.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: `/api/user/report/pdf?${RANGE}`, headers: bearer(staff.storeUser.token) });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/user/report/csv?${RANGE}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
