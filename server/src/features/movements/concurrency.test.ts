import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../../../test/factories';
import { countMovements, findLedgerMismatches } from '../../../test/ledger-check';

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

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe(`two keepers pressing the button at once (${database})`, () => {
  it('lets exactly 50 of 200 simultaneous issues of 1 unit through when 50 are available', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/consume-stock',
          headers: bearer(i % 2 ? staff.keeper.token : staff.admin.token),
          payload: { productId: product._id, quantity: 1 },
        }),
      ),
    );
    const counts = tally(responses.map((response) => response.statusCode));
    console.log(`${database}: 200 simultaneous issues against 50 in stock →`, counts);
    expect(counts).toEqual({ 200: 50, 409: 150 });
    const [after] = (
      await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(product.name)}`, headers: bearer(staff.admin.token) })
    ).json();
    expect(after).toMatchObject({ availableQuantity: 0, consumedQuantity: 50 });
    expect(await countMovements(t.database.db, product._id)).toBe(51);
  });

  it('values 200 simultaneous issues and purchases at varying costs so that what left is exactly what came in less what is held', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 60, unitCost: '1.2345' } as never);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: i % 4 === 0 ? '/api/user/add-restock-product' : '/api/user/consume-stock',
          headers: bearer(i % 2 ? staff.keeper.token : staff.admin.token),
          payload:
            i % 4 === 0
              ? { name: product.name, quantity: 2, unitCost: `${(i % 13) + 1}.${String(i).padStart(4, '0')}`, storeId: staff.store._id }
              : { productId: product._id, quantity: 1 },
        }),
      ),
    );
    const counts = tally(responses.map((response) => response.statusCode));
    console.log(`${database}: 150 issues and 50 purchases at once →`, counts);
    expect(Object.keys(counts).every((status) => status === '200' || status === '409')).toBe(true);
    const lines = (
      await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${product._id}&limit=500`, headers: bearer(staff.admin.token) })
    ).json().movements as { kind: string; value: string }[];
    const sum = (kind: string) => lines.filter((line) => line.kind === kind).reduce((total, line) => total.plus(line.value), new Big(0));
    const [after] = (
      await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(product.name)}`, headers: bearer(staff.admin.token) })
    ).json();
    expect(lines.filter((line) => line.kind === 'issue').length).toBe((counts[200] ?? 0) - 50);
    // What the issues took, to the cent: the opening and the purchases, less the value still held.
    expect(sum('issue').neg().toFixed(2)).toBe(sum('opening').plus(sum('purchase')).minus(after.stockValue).toFixed(2));
    expect(new Big(after.stockValue).eq(0)).toBe(after.availableQuantity === 0);
  });

  it('never returns more than was issued when returns and issues race', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 20 });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/add-consumed-tool',
      headers: bearer(staff.keeper.token),
      payload: { toolId: tool._id, quantity: 10 },
    });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: i % 3 === 0 ? '/api/user/add-consumed-tool' : '/api/user/add-refund-tool',
          headers: bearer(staff.keeper.token),
          payload: i % 3 === 0 ? { toolId: tool._id, quantity: 1 } : { toolId: tool._id, refundQuantity: 1 },
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 409)).toBe(true);
    const [after] = (await t.app.inject({ method: 'GET', url: '/api/user/get-tools', headers: bearer(staff.keeper.token) }))
      .json()
      .filter((x: { _id: string }) => x._id === tool._id);
    expect(after.consumedQuantity).toBeGreaterThanOrEqual(0);
    expect(after.availableQuantity).toBe(20 - after.consumedQuantity);
  });
});

describe(`a phone that sends the same request twice (${database})`, () => {
  it('records one movement for a repeated Idempotency-Key and answers the repeat with the first answer', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/consume-stock',
        headers: { ...bearer(staff.keeper.token), 'idempotency-key': `issue-${product._id}` },
        payload: { productId: product._id, quantity: 3 },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countMovements(t.database.db, product._id)).toBe(2);
  });

  it('records one movement when ten copies arrive at the same moment', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/add-damaged-stock',
          headers: { ...bearer(staff.keeper.token), 'idempotency-key': `damage-${product._id}` },
          payload: { productId: product._id, damagedQuantity: 2 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await countMovements(t.database.db, product._id)).toBe(2);
  });

  it('keeps keys per user, refuses a key reused for another request, and judges a failed request afresh', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const headers = (token: string) => ({ ...bearer(token), 'idempotency-key': 'shared-key-1' });
    const keeper = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: headers(staff.keeper.token),
      payload: { productId: product._id, quantity: 1 },
    });
    expect(keeper.statusCode).toBe(200);
    const different = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-damaged-stock',
      headers: headers(staff.keeper.token),
      payload: { productId: product._id, damagedQuantity: 1 },
    });
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different request.');

    // The admin's same key is their own: judged afresh, and refused since nothing is left.
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: headers(staff.admin.token),
      payload: { productId: product._id, quantity: 1 },
    });
    expect(admin.statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/refund-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, refundQuantity: 1 },
    });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: headers(staff.admin.token),
      payload: { productId: product._id, quantity: 1 },
    });
    expect(retried.statusCode).toBe(200);
  });

  it('returns 400 for a malformed key', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: { ...bearer(staff.keeper.token), 'idempotency-key': 'x'.repeat(201) },
      payload: { productId: product._id, quantity: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(await countMovements(t.database.db, product._id)).toBe(1);
  });

  it('replays the creation of a material instead of failing on the name', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/add-product',
        headers: { ...bearer(staff.keeper.token), 'idempotency-key': 'create-gravel' },
        payload: { name: 'Gravel 20mm', totalQuantity: 5 },
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().product._id).toBe(first.json().product._id);
  });
});
