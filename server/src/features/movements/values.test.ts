import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff } from '../../../test/factories';
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

type Line = { kind: string; quantity: number; unitCost?: string | null; value?: string; _id: string; reverses: string | null };

function post(url: string, payload: object, token = staff.keeper.token) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

async function mustPost(url: string, payload: object, token = staff.keeper.token) {
  const response = await post(url, payload, token);
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const buy = (name: string, quantity: number, unitCost?: string | number) =>
  mustPost('/api/user/add-restock-product', { name, quantity, ...(unitCost === undefined ? {} : { unitCost }) });
const issue = (productId: string, quantity: number) => mustPost('/api/user/consume-stock', { productId, quantity });

/** The material's ledger lines, oldest first, as the keeper reads them. */
async function linesOf(itemId: string, token = staff.keeper.token): Promise<Line[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${itemId}&limit=500`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return (response.json().movements as Line[]).reverse();
}

async function productOf(id: string, token = staff.keeper.token) {
  const list = (await t.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(token) })).json();
  return list.find((p: { _id: string }) => p._id === id);
}

describe(`values on the ledger: a moving average per store and material (${database})`, () => {
  it('buys 10 at 100.00 and 10 at 110.00: an issue of 5 takes 525.00, the last 15 take 1575.00 and leave 0.00', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    await buy(product.name, 10, '100.00');
    await buy(product.name, 10, 110);
    expect((await issue(product._id, 5)).product).toMatchObject({ availableQuantity: 15, stockValue: '1575.00', averageCost: '105' });
    expect((await issue(product._id, 15)).product).toMatchObject({ availableQuantity: 0, stockValue: '0.00', averageCost: '105' });
    const lines = await linesOf(product._id);
    expect(lines.map((line) => [line.kind, line.quantity, line.unitCost, line.value])).toEqual([
      ['purchase', 10, '100', '1000.00'],
      ['purchase', 10, '110', '1100.00'],
      ['issue', 5, '105', '-525.00'],
      ['issue', 15, '105', '-1575.00'],
    ]);
  });

  it('takes costs of 0.3333 apart one unit at a time: every value has 2 decimals, the last takes the rest, the sum is 0.00', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    for (let i = 0; i < 3; i++) await buy(product.name, 3, '0.3333');
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 9, stockValue: '3.00' });
    const taken: string[] = [];
    for (let left = 9; left > 0; left--) {
      const { product: after } = await issue(product._id, 1);
      expect(after.availableQuantity).toBe(left - 1);
      if (left > 1) expect(new Big(after.stockValue).gt(0)).toBe(true);
    }
    const lines = await linesOf(product._id);
    for (const line of lines.filter((l) => l.kind === 'issue')) {
      expect(line.value).toMatch(/^-\d+\.\d{2}$/);
      taken.push(line.value as string);
    }
    const sum = lines.reduce((total, line) => total.plus(line.value as string), new Big(0));
    expect(sum.toFixed(2)).toBe('0.00');
    expect(taken.reduce((total, value) => total.plus(value), new Big(0)).toFixed(2)).toBe('-3.00');
    expect(await productOf(product._id)).toMatchObject({ stockValue: '0.00' });
  });

  it('brings a return back at the average, an outbound reversal back at exactly what it took, an inbound reversal out at the average', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3, unitCost: '10' } as never);
    await buy(product.name, 3, '20');
    const first = await issue(product._id, 2);
    expect(first.product).toMatchObject({ stockValue: '60.00', averageCost: '15' });
    await issue(product._id, 1);
    await mustPost('/api/user/refund-stock', { productId: product._id, refundQuantity: 1 });
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 4, stockValue: '60.00' });
    await buy(product.name, 2, '30');
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 6, stockValue: '120.00', averageCost: '20' });
    const [firstIssue] = (await linesOf(product._id)).filter((line) => line.kind === 'issue');
    expect(firstIssue?.value).toBe('-30.00');
    const reversed = await mustPost(`/api/movements/${firstIssue?._id}/reverse`, { reason: 'Recorded twice' });
    expect(reversed.movement).toMatchObject({ kind: 'issue', quantity: -2, value: '30.00' });
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 8, stockValue: '150.00', averageCost: '18.75' });
    const purchase = (await linesOf(product._id)).filter((line) => line.kind === 'purchase').at(-1) as Line;
    const undone = await mustPost(`/api/movements/${purchase._id}/reverse`, { reason: 'Wrong store' });
    expect(undone.movement).toMatchObject({ kind: 'purchase', quantity: -2, value: '-37.50', unitCost: '18.75' });
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 6, stockValue: '112.50' });
  });

  it('comes in at the average when no cost is given, and at the last average once the store has run out', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    await buy(product.name, 4, '2.5');
    await buy(product.name, 4);
    expect(await productOf(product._id)).toMatchObject({ stockValue: '20.00', averageCost: '2.5' });
    await issue(product._id, 8);
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 0, stockValue: '0.00', averageCost: '2.5' });
    await mustPost('/api/user/transfer-stock', { name: product.name, quantity: 2 });
    expect(await productOf(product._id)).toMatchObject({ stockValue: '5.00' });
  });

  it('values a new material at its starting cost, and a store that never had it at 0 (unvalued)', async () => {
    const valued = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 40, unitCost: '412.5' } as never);
    expect(valued).toMatchObject({ stockValue: '16500.00', averageCost: '412.5' });
    const unvalued = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 40 });
    expect(unvalued).toMatchObject({ stockValue: '0.00', averageCost: '0' });
    const [opening] = await linesOf(valued._id);
    expect(opening).toMatchObject({ kind: 'opening', quantity: 40, unitCost: '412.5', value: '16500.00' });
  });

  it('refuses a unit cost that is negative, has more than 4 decimals, is not a number or is too large, naming it', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    for (const unitCost of ['-1', '1.23456', 'abc', '1e3', 2_000_000, '']) {
      const response = await post('/api/user/add-restock-product', { name: product.name, quantity: 1, unitCost });
      expect(response.statusCode, String(unitCost)).toBe(400);
      expect(response.json().message).toMatch(/^Unit cost must be/);
    }
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 0, stockValue: '0.00' });
  });

  it('values a supplier delivery at its cost; an edit that takes units back takes them at the average', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const today = new Date().toISOString().slice(0, 10);
    const created = await mustPost('/api/supply/add', {
      productId: product._id,
      quantity: 10,
      supplier: 'Acme',
      dateReceived: today,
      unitCost: '7.25',
    });
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 10, stockValue: '72.50' });
    const id = created.supply._id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/supply/${id}`,
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, quantity: 4, supplier: 'Acme', dateReceived: today },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 4, stockValue: '29.00' });
  });

  it('holds a transfer’s value in transit: the receiver takes it in at that value, a write-off is a transit loss of the sender', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const product = await createMaterial(t.app, staff.admin.token, {
      totalQuantity: 10,
      unitCost: '3.3333',
      storeId: staff.store._id,
    } as never);
    expect(product.stockValue).toBe('33.33');
    const draft = await mustPost(
      '/api/transfers',
      { fromStoreId: staff.store._id, toStoreId: other._id, lines: [{ materialId: product._id, quantity: 9 }] },
      staff.admin.token,
    );
    const transferId = draft.transfer._id;
    await mustPost(`/api/transfers/${transferId}/dispatch`, {}, staff.admin.token);
    expect(await productOf(product._id, staff.admin.token)).toMatchObject({ availableQuantity: 1, stockValue: '3.33' });
    const lineId = draft.transfer.lines[0]._id;
    await mustPost(`/api/transfers/${transferId}/receive`, { lines: [{ lineId, received: 4 }] }, staff.admin.token);
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/products?storeId=${other._id}`, headers: bearer(staff.admin.token) })
    ).json();
    const received = listed.find((p: { name: string }) => p.name === product.name);
    expect(received).toMatchObject({ availableQuantity: 4, stockValue: '13.33' });
    await mustPost(`/api/transfers/${transferId}/close`, { reason: 'Fell off the truck' }, staff.admin.token);
    const senderLines = await linesOf(product._id, staff.admin.token);
    expect(senderLines.at(-1)).toMatchObject({ kind: 'transit_loss', quantity: 0, value: '-16.67' });
    expect(await productOf(product._id, staff.admin.token)).toMatchObject({ availableQuantity: 1, stockValue: '3.33' });
  });
});

describe(`values of movements a phone sends later (${database})`, () => {
  const op = (itemId: string, kind: string, extra: object = {}) => ({
    opId: crypto.randomUUID(),
    kind,
    itemKind: 'material',
    itemId,
    quantity: 4,
    reason: '',
    capturedAt: new Date(Date.now() - 60_000).toISOString(),
    storeId: staff.store._id,
    ...extra,
  });
  const sync = async (ops: object[]) => {
    const response = await post('/api/sync/movements', { ops });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as { status: string; code?: string; message?: string }[];
  };

  it('records an offline purchase at the cost sent, alone and in a batch, once however often it is sent', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const other = await createMaterial(t.app, staff.keeper.token);
    const bought = op(product._id, 'restock', { unitCost: '2.5' });
    expect(await sync([bought])).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(await sync([bought])).toEqual([expect.objectContaining({ status: 'duplicate' })]);
    const batch = [op(product._id, 'issue', { quantity: 2 }), op(other._id, 'transfer', { unitCost: 7 })];
    expect((await sync(batch)).map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 2, stockValue: '5.00' });
    expect(await productOf(other._id)).toMatchObject({ availableQuantity: 4, stockValue: '28.00', averageCost: '7' });
    const changed = await sync([{ ...bought, unitCost: '3' }]);
    expect(changed[0]).toMatchObject({ status: 'rejected', code: 'key_mismatch' });
  });

  it('rejects a cost on an op that takes stock out, and a cost that is not an amount', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 9 });
    const [issued, negative] = await sync([op(product._id, 'issue', { unitCost: '1' }), op(product._id, 'restock', { unitCost: '-1' })]);
    expect(issued).toMatchObject({
      status: 'rejected',
      code: 'invalid',
      message: 'Only a purchase or a transfer from the warehouse names a unit cost.',
    });
    expect(negative).toMatchObject({ status: 'rejected', code: 'invalid' });
    expect(negative?.message).toMatch(/^Unit cost must be/);
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 9 });
  });
});

describe(`who sees money (${database})`, () => {
  it('gives a store user no cost or value field on the material list, and a keeper both', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 2, unitCost: '5' } as never);
    const asStoreUser = await productOf(product._id, staff.storeUser.token);
    expect(asStoreUser).toBeDefined();
    expect(asStoreUser).not.toHaveProperty('stockValue');
    expect(asStoreUser).not.toHaveProperty('averageCost');
    expect(JSON.stringify(asStoreUser)).not.toMatch(/cost|value/i);
    expect(await productOf(product._id)).toMatchObject({ stockValue: '10.00', averageCost: '5' });
  });
});
