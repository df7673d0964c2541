import Big from 'big.js';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createPlacedOrder, createStore, createStoreWithStaff, recordAt, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff.admin.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function ok(method: 'POST' | 'PUT', url: string, payload: object, token = staff.admin.token) {
  const response = await send(method, url, payload, token);
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

type Line = Record<string, string>;

/** The journal's CSV as rows keyed by its headings. */
function parseCsv(text: string): Line[] {
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, index) => [name, row[index] ?? ''])));
}

async function journal(from: string, to: string, extra = '') {
  const response = await send('GET', `/api/exports/journal?from=${from}&to=${to}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const total = (lines: Line[], column: 'Debit' | 'Credit', code?: string) =>
  lines.filter((line) => !code || line['Account Code'] === code).reduce((sum, line) => sum.plus(line[column] || '0'), new Big(0));
const net = (lines: Line[], code: string) =>
  total(lines, 'Debit', code)
    .minus(total(lines, 'Credit', code))
    .toFixed(2);

async function valuation(asOf: string) {
  const answer = (await send('GET', `/api/valuation?asOf=${asOf}`)).json();
  return { value: answer.totals.value as string, inTransit: answer.inTransit.value as string };
}

describe(`GET /api/exports/journal (${database})`, () => {
  it('posts a month of mixed movements as balanced entries: Inventory and Goods in transit move as the valuation does', async () => {
    const yard = await createStore(t.app, staff.admin.token);
    const cement = await createMaterial(t.app, staff.admin.token, { storeId: staff.store._id });
    const sand = await createMaterial(t.app, staff.admin.token, { storeId: yard._id, unit: 'm3' });
    // Before the period: stock at a cost, which the period starts from.
    expect(await recordAt(t.database.db, { itemId: cement._id, kind: 'purchase', quantity: 100, unitCost: '8.5', at: at(40) })).toBe(true);
    expect(await recordAt(t.database.db, { itemId: sand._id, kind: 'purchase', quantity: 50, unitCost: '30', at: at(40) })).toBe(true);
    // In the period, dated inside it.
    expect(await recordAt(t.database.db, { itemId: cement._id, kind: 'issue', quantity: 10, at: at(20) })).toBe(true);
    expect(await recordAt(t.database.db, { itemId: cement._id, kind: 'purchase', quantity: 20, unitCost: '9.25', at: at(15) })).toBe(true);
    // And today, through the API: an issue to a job with a cost code, a return, damage, a reversal.
    const job = (await ok('POST', '/api/jobs', { code: unique('J'), name: 'Tower A', storeIds: [staff.store._id] })).job;
    const costCode = (await ok('POST', '/api/cost-codes', { code: unique('03'), name: 'Concrete' })).costCode.code as string;
    await ok('POST', '/api/user/consume-stock', { productId: cement._id, quantity: 7, jobId: job._id, costCode }, staff.keeper.token);
    await ok('POST', '/api/user/refund-stock', { productId: cement._id, refundQuantity: 2, jobId: job._id }, staff.keeper.token);
    await ok('POST', '/api/user/add-damaged-stock', { productId: cement._id, damagedQuantity: 1 }, staff.keeper.token);
    const [line] = (await send('GET', `/api/movements?itemId=${cement._id}&limit=50`))
      .json()
      .movements.filter((movement: { kind: string }) => movement.kind === 'damage');
    await ok('POST', `/api/movements/${line._id}/reverse`, { reason: 'Not damaged after all' }, staff.keeper.token);
    // A transfer from the yard, part received, the rest written off in transit.
    const transfer = (
      await ok('POST', '/api/transfers', {
        fromStoreId: yard._id,
        toStoreId: staff.store._id,
        lines: [{ materialId: sand._id, quantity: 10 }],
      })
    ).transfer;
    await ok('POST', `/api/transfers/${transfer._id}/dispatch`, {});
    await ok(
      'POST',
      `/api/transfers/${transfer._id}/receive`,
      { lines: [{ lineId: transfer.lines[0]._id, received: 6 }] },
      staff.keeper.token,
    );
    await ok('POST', `/api/transfers/${transfer._id}/close`, { reason: 'Fell off the truck' });
    // An order received at 400.00 and invoiced at 410.00, approved with a reason.
    const { order, lineId, supplier } = await createPlacedOrder(t.app, staff, { quantity: 10, unitCost: '400' });
    await ok(
      'POST',
      `/api/purchase-orders/${order._id}/receipts`,
      { receivedAt: day(0), lines: [{ lineId, received: 10 }] },
      staff.keeper.token,
    );
    const invoice = await ok('POST', '/api/supplier-invoices', {
      supplierId: supplier._id,
      number: unique('INV'),
      date: day(0),
      lines: [{ purchaseOrderLineId: lineId, quantity: 10, unitPrice: '410' }],
      total: '4100.00',
    });
    await ok('POST', `/api/supplier-invoices/${invoice.invoice._id}/approve`, { reason: 'Price rise agreed' });

    const from = day(30);
    const to = day(0);
    const response = await journal(from, to);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = parseCsv(response.body);
    if (process.env.SHOW_JOURNAL) console.log(response.body);
    // Balanced, to the cent.
    expect(total(lines, 'Debit').toFixed(2)).toBe(total(lines, 'Credit').toFixed(2));
    // Inventory (1300) and Goods in transit (1310) move exactly as the valuation does over the period.
    const [start, end] = [await valuation(day(31)), await valuation(to)];
    expect(net(lines, '1300')).toBe(new Big(end.value).minus(start.value).toFixed(2));
    expect(net(lines, '1310')).toBe(new Big(end.inTransit).minus(start.inTransit).toFixed(2));
    expect(new Big(start.value).gt(0)).toBe(true);

    // The issue to the job: Inventory credited, Job cost debited with the job and cost code; the return the other way.
    const issueLines = lines.filter((entry) => entry.Job === job.code && entry.Description?.startsWith('Issued'));
    expect(issueLines.map((entry) => [entry['Account Code'], entry.Debit === '' ? 'credit' : 'debit', entry['Cost Code']])).toEqual([
      ['1300', 'credit', costCode],
      ['5000', 'debit', costCode],
    ]);
    const returnLines = lines.filter((entry) => entry.Job === job.code && entry.Description?.startsWith('Returned'));
    expect(returnLines.map((entry) => [entry['Account Code'], entry.Debit === '' ? 'credit' : 'debit'])).toEqual([
      ['1300', 'debit'],
      ['5000', 'credit'],
    ]);
    // The invoice: GRNI debited 4000.00, payables credited 4100.00, 100.00 of price variance.
    const invoiceLines = lines.filter((entry) => entry.Description === 'Supplier invoice approved');
    expect(invoiceLines.map((entry) => [entry['Account Code'], entry.Debit, entry.Credit])).toEqual([
      ['2150', '4000.00', ''],
      ['2100', '', '4100.00'],
      ['5150', '100.00', ''],
    ]);
    // The transit write-off: Wastage debited, Goods in transit credited.
    expect(lines.filter((entry) => entry.Description?.startsWith('Written off in transit')).map((entry) => entry['Account Code'])).toEqual([
      '1310',
      '5200',
    ]);
    // A reversal posts the same accounts the other way round.
    const damage = lines.filter((entry) => entry.Description?.startsWith('Damaged'));
    expect(damage.map((entry) => [entry['Account Code'], entry.Debit === '' ? 'credit' : 'debit'])).toEqual([
      ['1300', 'credit'],
      ['5200', 'debit'],
      ['1300', 'debit'],
      ['5200', 'credit'],
    ]);

    // The same period exports the same bytes; summed per day it still balances, line for line.
    expect((await journal(from, to)).body).toBe(response.body);
    const summary = parseCsv((await journal(from, to, '&summary=day')).body);
    expect(total(summary, 'Debit').toFixed(2)).toBe(total(lines, 'Debit').toFixed(2));
    expect(total(summary, 'Credit').toFixed(2)).toBe(total(lines, 'Credit').toFixed(2));
    expect(summary.reduce((sum, entry) => sum + Number(entry.Lines), 0)).toBe(lines.length);
    expect(summary.length).toBeLessThan(lines.length);

    // As a workbook: the same lines, the amounts as numbers.
    const workbook = await journal(from, to, '&format=xlsx');
    const sheet = await readExcelFile(Buffer.from(workbook.rawPayload));
    const rows = (Array.isArray(sheet[0]) ? sheet : (sheet as unknown as { data: unknown[][] }[])[0]?.data) as unknown[][];
    expect(rows[0]).toContain('Debit');
    expect(rows.length - 1).toBe(lines.length);
    const debitColumn = (rows[0] as string[]).indexOf('Debit');
    const xlsxDebits = rows
      .slice(1)
      .reduce((sum: Big, row) => sum.plus(typeof row[debitColumn] === 'number' ? String(row[debitColumn]) : '0'), new Big(0));
    expect(xlsxDebits.toFixed(2)).toBe(total(lines, 'Debit').toFixed(2));
  });

  it('posts to the accounts the admin set, and refuses a keeper and a period the wrong way round', async () => {
    const defaults = (await send('GET', '/api/settings/accounts')).json().accounts;
    expect(defaults.inventory).toEqual({ code: '1300', name: 'Inventory' });
    const accounts = { ...defaults, inventory: { code: '14000', name: 'Stock on hand' } };
    const saved = await send('PUT', '/api/settings/accounts', accounts);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Accounts saved.', accounts: { inventory: { code: '14000' } } });
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    await ok(
      'POST',
      '/api/user/add-restock-product',
      { name: cement.name, quantity: 4, unitCost: '12.5', storeId: staff.store._id },
      staff.keeper.token,
    );
    const lines = parseCsv((await journal(day(0), day(0))).body);
    expect(lines.find((entry) => entry.Account === 'Stock on hand')?.['Account Code']).toBe('14000');
    expect(lines.some((entry) => entry['Account Code'] === '1300')).toBe(false);

    expect((await send('GET', `/api/exports/journal?from=${day(0)}&to=${day(0)}`, undefined, staff.keeper.token)).statusCode).toBe(403);
    expect((await send('PUT', '/api/settings/accounts', accounts, staff.keeper.token)).statusCode).toBe(403);
    expect((await send('GET', `/api/exports/journal?from=${day(3)}&to=${day(0)}`)).statusCode).toBe(200);
    const wrongWay = await send('GET', `/api/exports/journal?from=${day(0)}&to=${day(3)}`);
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json().message).toContain('"from" must be on or before "to"');
    const missing = await send('PUT', '/api/settings/accounts', { ...accounts, wastage: { code: '', name: 'Wastage' } });
    expect(missing.statusCode).toBe(400);
  });
});
