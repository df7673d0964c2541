import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool, createUser } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

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

type Json = Record<string, unknown>;
function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}
const issue = (productId: string, quantity: number | string) =>
  call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId, quantity });
const purchase = (name: string, quantity: number | string) =>
  call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name, quantity });
const listed = async (name: string) =>
  (await call(staff.keeper.token, 'GET', `/api/products?q=${encodeURIComponent(name)}`)).json() as Json[];

async function materialOf(id: string): Promise<Json> {
  const [row] = await queryRows<Json>(
    t.database.db,
    sql`select available_quantity::text as available, decimals from materials where id = ${id}`,
  );
  return row as Json;
}

describe(`decimal quantities (${database})`, () => {
  it('receives 12.5 m³ of a 2-decimal material, issues 0.75 three times to leave 10.25, and refuses 0.755 naming the material', async () => {
    const sand = await createMaterial(t.app, staff.keeper.token, { name: 'Sharp sand', unit: 'm³', decimals: 2 });
    expect(sand.decimals).toBe(2);
    const received = await purchase('Sharp sand', '12.5');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().product.availableQuantity).toBe(12.5);
    for (const _ of [1, 2, 3]) expect((await issue(sand._id, 0.75)).statusCode).toBe(200);
    expect(await materialOf(sand._id)).toEqual({ available: '10.250', decimals: 2 });
    const tooFine = await issue(sand._id, 0.755);
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().message).toBe('Sharp sand takes quantities with at most 2 decimals.');
    expect(await materialOf(sand._id)).toEqual({ available: '10.250', decimals: 2 });
    const lines = await queryRows<{ quantity: string }>(
      t.database.db,
      sql`select quantity::text from movements where item_id = ${sand._id} and kind = 'issue' order by recorded_at`,
    );
    expect(lines.map((line) => line.quantity)).toEqual(['0.750', '0.750', '0.750']);
  });

  it('adds as decimals, never as binary floats: 0.1 and 0.2 make 0.3, and a float that is not a 3-decimal number is refused', async () => {
    const diesel = await createMaterial(t.app, staff.keeper.token, { unit: 'l', decimals: 3 });
    expect((await purchase(diesel.name, 0.1)).statusCode).toBe(200);
    const second = await purchase(diesel.name, '0.2');
    expect(second.json().product.availableQuantity).toBe(0.3);
    const float = await purchase(diesel.name, 0.1 + 0.2);
    expect(float.statusCode).toBe(400);
    expect(float.json().message).toBe(`${diesel.name} takes quantities with at most 3 decimals.`);
    expect((await materialOf(diesel._id)).available).toBe('0.300');
  });

  it('keeps a 0-decimal material whole, and says so', async () => {
    const bags = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const half = await issue(bags._id, 0.5);
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe(`${bags.name} is counted in whole units: enter a quantity without decimals.`);
    const badText = await issue(bags._id, '1,5');
    expect(badText.statusCode).toBe(400);
    expect(badText.json().message).toBe('Please enter a valid quantity.');
  });

  it('refuses a starting quantity past the decimals it is created with', async () => {
    const response = await call(staff.keeper.token, 'POST', '/api/user/add-product', {
      name: 'Rebar 12',
      unit: 't',
      decimals: 1,
      totalQuantity: 2.25,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Rebar 12 takes quantities with at most 1 decimal.');
    const outOfRange = await call(staff.keeper.token, 'POST', '/api/user/add-product', { name: 'Rebar 16', decimals: 4 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe('Decimals must be a whole number from 0 to 3.');
  });

  it("raises a material's decimals at will and lowers them only to what its history uses (409 naming that quantity)", async () => {
    const steel = await createMaterial(t.app, staff.keeper.token, { unit: 't', decimals: 0, totalQuantity: 4 });
    const set = (decimals: number, token = staff.admin.token) => call(token, 'PATCH', `/api/materials/${steel._id}`, { decimals });
    expect((await set(3, staff.keeper.token)).statusCode).toBe(403);
    const raised = await set(3);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().product.decimals).toBe(3);
    expect((await issue(steel._id, 1.25)).statusCode).toBe(200);
    expect((await issue(steel._id, 0.5)).statusCode).toBe(200);
    const lowered = await set(1);
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toBe(`${steel.name} has a quantity of 1.25 on record: its decimals cannot be lower than 2.`);
    expect((await set(2)).statusCode).toBe(200);
    expect((await materialOf(steel._id)).decimals).toBe(2);
    const history = await call(staff.admin.token, 'GET', `/api/audit?entityId=${steel._id}`);
    expect(history.statusCode).toBe(200);
    const nothing = await call(staff.admin.token, 'PATCH', `/api/materials/${steel._id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Send a setting to change.');
    const unknown = await call(staff.admin.token, 'PATCH', `/api/materials/${randomUUID()}`, { decimals: 1 });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses decimals lowered below a quantity on an order, even with no ledger line yet', async () => {
    const gravel = await createMaterial(t.app, staff.keeper.token, { unit: 't', decimals: 1 });
    const supplier = (await call(staff.admin.token, 'POST', '/api/suppliers', { name: `Quarry ${randomUUID()}` })).json().supplier;
    const order = await call(staff.admin.token, 'POST', '/api/purchase-orders', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      lines: [{ materialId: gravel._id, quantity: '7.5', unitCost: '30' }],
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().purchaseOrder.lines[0].quantity).toBe(7.5);
    const lowered = await call(staff.admin.token, 'PATCH', `/api/materials/${gravel._id}`, { decimals: 0 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toContain('7.5');
    const tooFine = await call(staff.admin.token, 'POST', '/api/purchase-orders', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      lines: [{ materialId: gravel._id, quantity: 7.25, unitCost: '30' }],
    });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().message).toBe(`${gravel.name} takes quantities with at most 1 decimal.`);
  });

  it('receives an order in decimals, with the tolerance rounded down to the decimals', async () => {
    const mesh = await createMaterial(t.app, staff.keeper.token, { unit: 'm²', decimals: 2 });
    const supplier = (await call(staff.admin.token, 'POST', '/api/suppliers', { name: `Mesh ${randomUUID()}` })).json().supplier;
    const made = await call(staff.admin.token, 'POST', '/api/purchase-orders', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      lines: [{ materialId: mesh._id, quantity: 10.5, unitCost: '4' }],
    });
    const placed = await call(staff.admin.token, 'POST', `/api/purchase-orders/${made.json().purchaseOrder._id}/order`, {});
    const order = placed.json().purchaseOrder;
    const receive = (received: number) =>
      call(staff.keeper.token, 'POST', `/api/purchase-orders/${order._id}/receipts`, {
        receivedAt: new Date().toISOString().slice(0, 10),
        lines: [{ lineId: order.lines[0]._id, received }],
      });
    // 5 % over 10.5 is 11.025: with 2 decimals, 11.02 may arrive and 11.03 may not.
    expect((await call(staff.admin.token, 'PUT', '/api/settings', { receiptTolerancePercent: 5 })).statusCode).toBe(200);
    try {
      const past = await receive(11.03);
      expect(past.statusCode, past.body).toBe(409);
      expect(past.json().message).toContain('past 11.02');
      const arrived = await receive(10.25);
      expect(arrived.statusCode, arrived.body).toBe(201);
    } finally {
      await call(staff.admin.token, 'PUT', '/api/settings', { receiptTolerancePercent: 10 });
    }
    expect((await materialOf(mesh._id)).available).toBe('10.250');
  });

  it('counts in decimals: the adjustment posts the exact difference', async () => {
    const lime = await createMaterial(t.app, staff.keeper.token, { unit: 'kg', decimals: 1, totalQuantity: '20.5' });
    const started = await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'material', itemIds: [lime._id] });
    expect(started.statusCode, started.body).toBe(201);
    const countId = started.json().count._id as string;
    const tooFine = await call(staff.keeper.token, 'PUT', `/api/counts/${countId}/lines/${lime._id}`, { counted: 19.25 });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().message).toBe(`${lime.name} takes quantities with at most 1 decimal.`);
    expect((await call(staff.keeper.token, 'PUT', `/api/counts/${countId}/lines/${lime._id}`, { counted: 19.8 })).statusCode).toBe(200);
    expect((await call(staff.keeper.token, 'POST', `/api/counts/${countId}/submit`)).statusCode).toBe(200);
    const posted = await call(staff.admin.token, 'POST', `/api/counts/${countId}/post`, { reasons: { [lime._id]: 'Spilt' } });
    expect(posted.statusCode, posted.body).toBe(200);
    const [line] = await queryRows<{ quantity: string }>(
      t.database.db,
      sql`select quantity::text from movements where item_id = ${lime._id} and kind = 'adjustment'`,
    );
    expect(line?.quantity).toBe('-0.700');
    expect((await materialOf(lime._id)).available).toBe('19.800');
  });

  it('moves decimals between stores, refused where the receiving material takes fewer', async () => {
    const yard = await createStore(t.app, staff.admin.token);
    await createUser(t.app, staff.admin.token, { role: 'user', storeId: yard._id });
    const name = `Bitumen ${randomUUID().slice(0, 8)}`;
    const here = await createMaterial(t.app, staff.admin.token, { name, storeId: staff.store._id, decimals: 2, totalQuantity: 5 });
    await createMaterial(t.app, staff.admin.token, { name, storeId: yard._id, decimals: 1 });
    const draft = (quantity: number) =>
      call(staff.admin.token, 'POST', '/api/transfers', {
        fromStoreId: staff.store._id,
        toStoreId: yard._id,
        lines: [{ materialId: here._id, quantity }],
      });
    const tooFine = await draft(1.255);
    expect(tooFine.statusCode).toBe(400);
    const made = await draft(1.25);
    expect(made.statusCode, made.body).toBe(201);
    const transfer = made.json().transfer;
    expect((await call(staff.admin.token, 'POST', `/api/transfers/${transfer._id}/dispatch`)).statusCode).toBe(200);
    const lineId = transfer.lines[0]._id as string;
    const received = await call(staff.admin.token, 'POST', `/api/transfers/${transfer._id}/receive`, {
      lines: [{ lineId, received: 1.25 }],
    });
    expect(received.statusCode).toBe(400);
    expect(received.json().message).toBe(`${name} takes quantities with at most 1 decimal.`);
    expect((await materialOf(here._id)).available).toBe('3.750');
  });

  it('keeps tools whole on every path: a movement, a count and an offline op', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 4 });
    const part = await call(staff.keeper.token, 'POST', '/api/user/add-consumed-tool', { toolId: drill._id, quantity: 1.5 });
    expect(part.statusCode).toBe(400);
    const capturedAt = new Date(Date.now() - 60_000).toISOString();
    const synced = await call(staff.keeper.token, 'POST', '/api/sync/movements', {
      ops: [
        {
          opId: randomUUID(),
          kind: 'tool-issue',
          itemKind: 'tool',
          itemId: drill._id,
          quantity: 1.5,
          reason: '',
          capturedAt,
          storeId: staff.store._id,
        },
      ],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results[0]).toMatchObject({
      status: 'rejected',
      message: `${drill.name} is counted in whole units: enter a quantity without decimals.`,
    });
    const count = await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'tool', itemIds: [drill._id] });
    const counted = await call(staff.keeper.token, 'PUT', `/api/counts/${count.json().count._id}/lines/${drill._id}`, { counted: 3.5 });
    expect(counted.statusCode).toBe(400);
    expect(counted.json().message).toBe(`${drill.name} is counted in whole units: enter a quantity without decimals.`);
    expect((await call(staff.keeper.token, 'POST', `/api/counts/${count.json().count._id}/cancel`)).statusCode).toBe(200);
  });

  it('applies an offline op in decimals once, and refuses one past the decimals without losing it silently', async () => {
    const paint = await createMaterial(t.app, staff.keeper.token, { unit: 'l', decimals: 1, totalQuantity: 10 });
    const capturedAt = new Date(Date.now() - 60_000).toISOString();
    const op = (quantity: number) => ({
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: paint._id,
      quantity,
      reason: '',
      capturedAt,
      storeId: staff.store._id,
    });
    const good = op(2.5);
    const sent = await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [good, op(0.25)] });
    expect(sent.statusCode, sent.body).toBe(200);
    const [applied, refused] = sent.json().results as Json[];
    expect(applied).toMatchObject({ status: 'applied' });
    expect(refused).toMatchObject({ status: 'rejected', message: `${paint.name} takes quantities with at most 1 decimal.` });
    const again = await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [good] });
    expect(again.json().results[0]).toMatchObject({ status: 'duplicate' });
    expect((await materialOf(paint._id)).available).toBe('7.500');
  });

  it('sets a reorder point in decimals and answers quantities as JSON numbers in lists', async () => {
    const glue = await createMaterial(t.app, staff.keeper.token, { unit: 'kg', decimals: 2, totalQuantity: '3.75' });
    const point = await call(staff.keeper.token, 'PUT', `/api/materials/${glue._id}/reorder`, { minQty: 1.5, targetQty: '4.25' });
    expect(point.statusCode, point.body).toBe(200);
    const tooFine = await call(staff.keeper.token, 'PUT', `/api/materials/${glue._id}/reorder`, { minQty: 1.555, targetQty: 4 });
    expect(tooFine.statusCode).toBe(400);
    const [row] = await listed(glue.name);
    expect(row).toMatchObject({ availableQuantity: 3.75, decimals: 2 });
  });
});
