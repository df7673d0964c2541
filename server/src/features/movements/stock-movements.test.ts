import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createUser } from '../../../test/factories';
import { countMovements, findLedgerMismatches } from '../../../test/ledger-check';

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

function post(url: string, payload: unknown, token = staff.keeper.token, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload: payload as object });
}

async function productOf(id: string) {
  const list = (await t.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(staff.keeper.token) })).json();
  return list.find((p: { _id: string }) => p._id === id);
}

describe('the arithmetic of every kind of material movement (MOVEMENT_EFFECTS in db/schema/ledger.ts)', () => {
  it('keeps available = total + purchases + transfers − consumed − damaged, consumed net of returns', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 100 });
    const steps: [string, object, Record<string, number>][] = [
      [
        '/api/user/add-restock-product',
        { name: product.name, quantity: 20, storeId: staff.store._id },
        { restockedQuantity: 20, availableQuantity: 120 },
      ],
      ['/api/user/transfer-stock', { name: product.name.toLowerCase(), quantity: 30 }, { transferQuantity: 30, availableQuantity: 150 }],
      ['/api/user/consume-stock', { productId: product._id, quantity: 60 }, { consumedQuantity: 60, availableQuantity: 90 }],
      ['/api/user/add-damaged-stock', { productId: product._id, damagedQuantity: 5 }, { damagedQuantity: 5, availableQuantity: 85 }],
      [
        '/api/user/refund-stock',
        { productId: product._id, refundQuantity: 15 },
        { consumedQuantity: 45, refundQuantity: 15, availableQuantity: 100 },
      ],
    ];
    for (const [url, payload, expected] of steps) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json().product).toMatchObject(expected);
      expect(await productOf(product._id)).toMatchObject(expected);
    }
    expect(await productOf(product._id)).toMatchObject({
      totalQuantity: 100,
      restockedQuantity: 20,
      transferQuantity: 30,
      consumedQuantity: 45,
      damagedQuantity: 5,
      refundQuantity: 15,
      availableQuantity: 100,
    });
    expect(await countMovements(t.database.db, product._id)).toBe(6);
  });

  it('answers consume-stock and refund-stock with the moved material and a message', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const issued = (await post('/api/user/consume-stock', { productId: product._id, quantity: 4 })).json();
    expect(issued.message).toBe('Stock issued successfully');
    expect(issued.product).toMatchObject({ availableQuantity: 6, consumedQuantity: 4 });
    const returned = (await post('/api/user/refund-stock', { productId: product._id, refundQuantity: 1 })).json();
    expect(returned.message).toBe('Stock returned successfully');
    expect(returned.product.refundQuantity).toBe(1);
  });
});

describe('refusals leave everything as it was', () => {
  it('returns 409 "Not enough stock available" for an issue above what is available', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    const response = await post('/api/user/consume-stock', { productId: product._id, quantity: 4 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Not enough stock available');
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 3, consumedQuantity: 0 });
    expect(await countMovements(t.database.db, product._id)).toBe(1);
  });

  it('returns 409 for damage above what is available', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    const response = await post('/api/user/add-damaged-stock', { productId: product._id, damagedQuantity: 4 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Damage quantity exceeds available stock.');
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 3, damagedQuantity: 0 });
  });

  it('returns 409 "Refund quantity exceeds consumed stock." for a return above the net issued', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    await post('/api/user/consume-stock', { productId: product._id, quantity: 3 });
    await post('/api/user/refund-stock', { productId: product._id, refundQuantity: 2 });
    const response = await post('/api/user/refund-stock', { productId: product._id, refundQuantity: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Refund quantity exceeds consumed stock.');
    expect(await productOf(product._id)).toMatchObject({ availableQuantity: 9, consumedQuantity: 1, refundQuantity: 2 });
  });

  it('returns 404 "Material not found" to restock or transfer an unknown name', async () => {
    for (const url of ['/api/user/add-restock-product', '/api/user/transfer-stock']) {
      const response = await post(url, { name: 'No such material', quantity: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Material not found');
    }
  });
});

describe('bad input is a 400 and records nothing', () => {
  const badQuantities: unknown[] = [0, -1, 1.5, '1,5', 'five', '', null, undefined, true, 2 ** 53, 1e308, Number.NaN, [], {}, 1_000_001];
  const calls = [
    ['/api/user/consume-stock', 'quantity'],
    ['/api/user/add-damaged-stock', 'damagedQuantity'],
    ['/api/user/refund-stock', 'refundQuantity'],
  ] as const;
  for (const [url, field] of calls) {
    it(`refuses every bad ${field} on ${url}`, async () => {
      const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
      await post('/api/user/consume-stock', { productId: product._id, quantity: 5 });
      const before = await countMovements(t.database.db);
      for (const value of badQuantities) {
        const response = await post(url, { productId: product._id, [field]: value });
        expect(response.statusCode, `${String(value)} → ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/valid|at most|whole units/);
      }
      const missingProduct = await post(url, { [field]: 1 });
      expect(missingProduct.statusCode).toBe(400);
      const badId = await post(url, { productId: 'not-a-uuid', [field]: 1 });
      expect(badId.statusCode).toBe(400);
      expect(await countMovements(t.database.db)).toBe(before);
    });
  }
});

describe('store scoping and permissions', () => {
  it("answers 404 for another store's material, whatever the call", async () => {
    const other = await createStore(t.app, staff.admin.token);
    const theirs = await createMaterial(t.app, staff.admin.token, { storeId: other._id, totalQuantity: 10 });
    for (const [url, payload] of [
      ['/api/user/consume-stock', { productId: theirs._id, quantity: 1 }],
      ['/api/user/add-damaged-stock', { productId: theirs._id, damagedQuantity: 1 }],
      ['/api/user/refund-stock', { productId: theirs._id, refundQuantity: 1 }],
      ['/api/user/add-restock-product', { name: theirs.name, quantity: 1 }],
    ] as const) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(404);
    }
    const restockThere = await post('/api/user/add-restock-product', { name: theirs.name, quantity: 1, storeId: other._id });
    expect(restockThere.statusCode).toBe(403);
    expect(await countMovements(t.database.db, theirs._id)).toBe(1);
  });

  it('refuses a store user any movement with 403, and anyone without a token with 401', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    expect((await post('/api/user/consume-stock', { productId: product._id, quantity: 1 }, staff.storeUser.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      payload: { productId: product._id, quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countMovements(t.database.db, product._id)).toBe(1);
  });

  it('lets an admin move stock in any store', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const keeperThere = await createUser(t.app, staff.admin.token, { role: 'user', storeId: other._id });
    const product = await createMaterial(t.app, keeperThere.token, { totalQuantity: 10 });
    const response = await post('/api/user/consume-stock', { productId: product._id, quantity: 2 }, staff.admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().product.availableQuantity).toBe(8);
  });
});

describe('the ledger is append-only', () => {
  it('refuses to update or delete a movement, even from SQL', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const { sql } = await import('drizzle-orm');
    await expect(t.database.db.execute(sql`update movements set quantity = 1 where item_id = ${product._id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from movements where item_id = ${product._id}`)).rejects.toThrow();
    expect(await countMovements(t.database.db, product._id)).toBe(1);
  });

  it('refuses counters that disagree with each other, even from SQL', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const { sql } = await import('drizzle-orm');
    await expect(t.database.db.execute(sql`update materials set available_quantity = 11 where id = ${product._id}`)).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update materials set available_quantity = -1, consumed_quantity = 11 where id = ${product._id}`),
    ).rejects.toThrow();
  });
});

describe('the ledger check every suite ends with', () => {
  it('finds a counter that moved without its ledger row, naming the counter', async () => {
    const own = await buildTestApp();
    try {
      const ownStaff = await createStoreWithStaff(own.app, own.database.db);
      const product = await createMaterial(own.app, ownStaff.keeper.token, { totalQuantity: 10 });
      expect(await findLedgerMismatches(own.database.db)).toEqual([]);
      // Balanced, so the CHECK constraint lets it through; only the ledger can tell.
      await own.database.db.execute(
        sql`update materials set consumed_quantity = consumed_quantity + 2, available_quantity = available_quantity - 2 where id = ${product._id}`,
      );
      const mismatches = await findLedgerMismatches(own.database.db);
      expect(mismatches.map((mismatch) => [mismatch.id, mismatch.column, mismatch.counter, mismatch.ledger])).toEqual(
        expect.arrayContaining([
          [product._id, 'consumed_quantity', 2, 0],
          [product._id, 'available_quantity', 8, 10],
        ]),
      );
    } finally {
      await own.close();
    }
  });
});
