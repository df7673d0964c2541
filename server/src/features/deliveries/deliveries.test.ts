import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, dayFromToday } from '../../../test/factories';
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

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = staff.keeper.token) {
  return t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
}

async function available(id: string): Promise<number> {
  const list = (await t.app.inject({ method: 'GET', url: '/api/products', headers: bearer(staff.admin.token) })).json();
  return list.find((p: { _id: string }) => p._id === id).availableQuantity;
}

describe('supplier deliveries', () => {
  it('raises stock on create, moves it by the difference on edit and takes it back on delete', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const created = await send(
      'POST',
      '/api/add-inventory',
      { productId: product._id, quantity: 25, supplier: 'Lafarge', date: dayFromToday(-4) },
      staff.admin.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Inventory entry added successfully!');
    const entry = created.json().entry;
    expect(entry).toMatchObject({
      productId: { _id: product._id, name: product.name },
      quantity: 25,
      supplier: 'Lafarge',
      date: dayFromToday(-4),
    });
    expect(await available(product._id)).toBe(35);

    const edited = await send(
      'PUT',
      `/api/update-inventory/${entry._id}`,
      { productId: product._id, quantity: 20, supplier: 'Lafarge SA', date: dayFromToday(-4) },
      staff.admin.token,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Inventory entry updated successfully!');
    expect(await available(product._id)).toBe(30);

    const deleted = await send('DELETE', `/api/delete-inventory/${entry._id}`, undefined, staff.admin.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Inventory entry deleted successfully!');
    expect(await available(product._id)).toBe(10);
    // opening, delivery, correction, reversal
    expect(await countMovements(t.database.db, product._id)).toBe(4);
    const list = (await t.app.inject({ method: 'GET', url: '/api/all-inventory', headers: bearer(staff.admin.token) })).json();
    expect(list.find((e: { _id: string }) => e._id === entry._id)).toBeUndefined();
  });

  it('moves the stock from one material to another when an edit changes the material', async () => {
    const first = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    const second = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    const supply = (
      await send('POST', '/api/supply/add', { productId: first._id, quantity: 8, supplier: 'Acme', dateReceived: dayFromToday(-3) })
    ).json().supply;
    expect(supply).toMatchObject({ quantity: 8, dateReceived: dayFromToday(-3) });
    const edited = await send('PUT', `/api/supply/${supply._id}`, {
      productId: second._id,
      quantity: 8,
      supplier: 'Acme',
      dateReceived: dayFromToday(-2),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().supply).toMatchObject({ productId: { _id: second._id }, dateReceived: dayFromToday(-2) });
    expect(await available(first._id)).toBe(0);
    expect(await available(second._id)).toBe(8);
    const supplies = (await t.app.inject({ method: 'GET', url: '/api/supply/all', headers: bearer(staff.keeper.token) })).json();
    expect(supplies.find((s: { _id: string }) => s._id === supply._id)).toMatchObject({
      productId: { name: second.name },
      supplier: 'Acme',
    });
  });

  it('refuses with 409 to take back a delivery whose stock was already issued, and changes nothing', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    const supply = (
      await send('POST', '/api/supply/add', { productId: product._id, quantity: 10, supplier: 'Acme', dateReceived: dayFromToday(-1) })
    ).json().supply;
    await send('POST', '/api/user/consume-stock', { productId: product._id, quantity: 7 });
    const before = await countMovements(t.database.db, product._id);
    const shrink = await send('PUT', `/api/supply/${supply._id}`, {
      productId: product._id,
      quantity: 2,
      supplier: 'Acme',
      dateReceived: dayFromToday(-1),
    });
    expect(shrink.statusCode).toBe(409);
    const remove = await send('DELETE', `/api/delete-inventory/${supply._id}`);
    expect(remove.statusCode).toBe(409);
    expect(await available(product._id)).toBe(3);
    expect(await countMovements(t.database.db, product._id)).toBe(before);
  });

  it.each([
    [{ quantity: 0 }, 'Please enter a valid quantity.'],
    [{ quantity: '2,5' }, 'Please enter a valid quantity.'],
    [{ supplier: '' }, 'Supplier is required'],
    [{ dateReceived: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
    [{ dateReceived: 'yesterday' }, 'Please enter a valid date (YYYY-MM-DD).'],
    [{ dateReceived: '2999-01-01' }, 'The date cannot be in the future.'],
  ])('returns 400 for %j', async (overrides, message) => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const response = await send('POST', '/api/supply/add', {
      productId: product._id,
      quantity: 1,
      supplier: 'Acme',
      dateReceived: dayFromToday(-4),
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countMovements(t.database.db, product._id)).toBe(0);
  });

  it("returns 404 for another store's material or delivery, 403 for a store user", async () => {
    const other = await createStore(t.app, staff.admin.token);
    const theirs = await createMaterial(t.app, staff.admin.token, { storeId: other._id });
    const cross = await send('POST', '/api/supply/add', {
      productId: theirs._id,
      quantity: 1,
      supplier: 'Acme',
      dateReceived: dayFromToday(-4),
    });
    expect(cross.statusCode).toBe(404);
    const theirSupply = (
      await send(
        'POST',
        '/api/add-inventory',
        { productId: theirs._id, quantity: 1, supplier: 'Acme', date: dayFromToday(-4) },
        staff.admin.token,
      )
    ).json().entry;
    expect((await send('DELETE', `/api/delete-inventory/${theirSupply._id}`)).statusCode).toBe(404);
    const mine = await createMaterial(t.app, staff.keeper.token);
    const storeUser = await send(
      'POST',
      '/api/supply/add',
      { productId: mine._id, quantity: 1, supplier: 'Acme', dateReceived: dayFromToday(-4) },
      staff.storeUser.token,
    );
    expect(storeUser.statusCode).toBe(403);
  });
});
