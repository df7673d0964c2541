import { sumMoney } from '@stockyard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { readPdfText } from '../../../test/pdf-text';
import { closePdfThreads } from '../../lib/pdf/pdf-threads';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let job: { _id: string; code: string };

function get(url: string, token = staff.keeper.token, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
}

/** A CSV answer's lines, split into cells (no cell here holds a comma). */
function csvRows(body: string): string[][] {
  return body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: bearer(staff.admin.token),
    payload: { code: unique('J'), name: 'Tower A', storeIds: [staff.store._id], budget: '1000' },
  });
  job = made.json().job;
  const issue = (productId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId, quantity, jobId: job._id },
    });
  const cement = await createMaterial(t.app, staff.keeper.token, { name: 'Cement', totalQuantity: 30, unitCost: '412.5' } as never);
  const sand = await createMaterial(t.app, staff.keeper.token, { name: 'Sand', totalQuantity: 9, unitCost: '0.3333' } as never);
  await createMaterial(t.app, staff.keeper.token, { name: 'Gravel', totalQuantity: 4 });
  expect((await issue(cement._id, 1)).statusCode).toBe(200);
  expect((await issue(sand._id, 2)).statusCode).toBe(200);
});
afterAll(async () => {
  await closePdfThreads();
  await t.close();
});

describe('valuation and job cost files', () => {
  it('prints the valuation as PDF and CSV with the same rows and total as its JSON, unvalued stock marked', async () => {
    const query = `storeId=${staff.store._id}`;
    const json = (await get(`/api/valuation?${query}`)).json();
    expect(json.totals.value).toBe('11964.83');
    const csv = await get(`/api/valuation/csv?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="stock_valuation_${json.asOf}.csv"`);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Store', 'Material', 'Unit', 'Quantity', 'Average Cost', 'Value', 'Unvalued']);
    const body = rows.slice(1, -2);
    expect(body.map((row) => row[1])).toEqual(['Cement', 'Gravel', 'Sand']);
    expect(body.find((row) => row[1] === 'Gravel')?.[6]).toBe('yes');
    expect(rows.at(-2)?.[5]).toBe(json.totals.value);
    expect(sumMoney(body.map((row) => row[5] ?? ''))).toBe(json.totals.value);
    expect(rows.at(-1)).toEqual(['', 'In transit', '', '', '', '0.00', '']);

    const pdf = await get(`/api/valuation/pdf?${query}`, staff.keeper.token, { 'accept-language': 'en' });
    expect(pdf.statusCode).toBe(200);
    const page = (await readPdfText(pdf.rawPayload)).pages[0] ?? [];
    expect(page[0]).toBe(`Stock valuation - ${staff.store.name} - end of ${json.asOf.split('-').reverse().join('/')}`);
    expect(page).toEqual(expect.arrayContaining(['Gravel (unvalued)', 'Total', '11,964.83', 'In transit: 0.00 USD']));
    expect((await get(`/api/valuation/pdf?${query}`, staff.storeUser.token)).statusCode).toBe(403);
  });

  it('prints what a job cost as PDF and CSV with the total of its JSON and the budget used', async () => {
    const json = (await get(`/api/jobs/${job._id}/cost?groupBy=material`)).json();
    expect(json.total).toBe('413.17');
    const csv = await get(`/api/jobs/${job._id}/cost/csv?groupBy=material`);
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Key', 'Label', 'Quantity', 'Unit', 'Value']);
    expect(sumMoney(rows.slice(1, -1).map((row) => row[4] ?? ''))).toBe(json.total);
    expect(rows.at(-1)).toEqual(['', 'Total', '', '', '413.17']);

    const pdf = await get(`/api/jobs/${job._id}/cost/pdf?groupBy=material`, staff.keeper.token, { 'accept-language': 'fr' });
    expect(pdf.statusCode).toBe(200);
    const page = (await readPdfText(pdf.rawPayload)).pages[0] ?? [];
    expect(page[0]).toBe(`Coût du chantier - ${job.code} Tower A (tous les jours)`);
    expect(page.join(' ')).toContain('Budget 1 000,00 USD : 41,3 % utilisé');
    expect((await get(`/api/jobs/${job._id}/cost/csv`, staff.storeUser.token)).statusCode).toBe(403);
  });
});
