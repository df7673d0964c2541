import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createUser, unique } from '../../../test/factories';
import { countMovements, findLedgerMismatches } from '../../../test/ledger-check';
import { readPdfText } from '../../../test/pdf-text';
import { queryRows } from '../../db/sql';

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

describe('POST /api/user/add-product', () => {
  it("creates a material in the keeper's active store with an opening movement", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: 'Cement OPC', categoryname: 'Binders', materialname: '', size: '50 kg', unit: 'bag', totalQuantity: 40 },
    });
    expect(response.statusCode).toBe(201);
    const { message, product } = response.json();
    expect(message).toBe('Product saved successfully!');
    expect(product).toMatchObject({
      name: 'Cement OPC',
      categoryname: 'Binders',
      materialname: 'N/A',
      size: '50 kg',
      unit: 'bag',
      totalQuantity: 40,
      availableQuantity: 40,
      restockedQuantity: 0,
      transferQuantity: 0,
      consumedQuantity: 0,
      damagedQuantity: 0,
      refundQuantity: 0,
      remarks: null,
      storeId: { _id: staff.store._id, name: staff.store.name },
    });
    const movements = await queryRows<{ kind: string; quantity: number }>(
      t.database.db,
      sql`select kind, quantity::float8 from movements where item_id = ${product._id}`,
    );
    expect(movements).toEqual([{ kind: 'opening', quantity: 40 }]);
  });

  it('records no movement for a material created with nothing in stock', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    expect(await countMovements(t.database.db, product._id)).toBe(0);
  });

  it('makes an admin name the store, and refuses a keeper another store', async () => {
    const withoutStore = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.admin.token),
      payload: { name: 'Sand' },
    });
    expect(withoutStore.statusCode).toBe(400);
    expect(withoutStore.json().message).toBe('Please choose a store.');
    const asAdmin = await createMaterial(t.app, staff.admin.token, { storeId: staff.store._id, name: unique('Sand') });
    expect(asAdmin.storeId).toMatchObject({ _id: staff.store._id });

    const other = await createStore(t.app, staff.admin.token);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: 'Gravel', storeId: other._id },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('returns 409 for a name already used in the store, in any case, and allows it in another store', async () => {
    const name = unique('Rebar');
    await createMaterial(t.app, staff.keeper.token, { name });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: name.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    const other = await createStore(t.app, staff.admin.token);
    await createMaterial(t.app, staff.admin.token, { name, storeId: other._id });
  });

  it.each([
    [{ name: '' }, 'Material name is required'],
    [{ totalQuantity: -1 }, 'Quantity cannot be negative'],
    [{ totalQuantity: 1.5 }, 'X is counted in whole units: enter a quantity without decimals.'],
    [{ totalQuantity: 1.5, decimals: 1.5 }, 'Decimals must be a whole number from 0 to 3.'],
    [{ totalQuantity: 'five' }, 'Quantity must be a number'],
    [{ totalQuantity: '1,5' }, 'Quantity must be a number'],
    [{ totalQuantity: 1e308 }, 'Quantity must be at most 1,000,000'],
  ])('returns 400 for %j and creates nothing', async (payload, message) => {
    const before = await countMovements(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: 'X', ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countMovements(t.database.db)).toBe(before);
  });

  it('stores names in composed form, so a decomposed "Café" is the same name, and refuses hidden characters', async () => {
    const add = (name: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/add-product', headers: bearer(staff.keeper.token), payload: { name } });
    const composed = await add('Caf\u00e9 blocks');
    expect(composed.statusCode).toBe(201);
    const decomposed = await add('Cafe\u0301 blocks');
    expect(decomposed.statusCode).toBe(409);
    for (const name of ['\u200b', 'Caf\u00e9 blocks\u200b', 'Sand \u202eenots', 'Gra\ufeffvel']) {
      const refused = await add(name);
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json().message).toBe('Material name cannot contain invisible or text-direction characters');
    }
    // The joiners of Indic scripts are letters' business, not hidden text.
    expect((await add('\u0915\u094d\u200d\u0937 bricks')).statusCode).toBe(201);
  });

  it('returns 403 for a store user and 401 without a token', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/add-product', headers: bearer(staff.storeUser.token), payload: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/add-product', payload: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('GET /api/products and /api/user/get-product', () => {
  it("shows each user only their stores' materials, searches by name and pages", async () => {
    const other = await createStore(t.app, staff.admin.token);
    const otherKeeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: other._id });
    const tag = unique('Tile');
    const mine = await createMaterial(t.app, staff.keeper.token, { name: `${tag} floor` });
    const theirs = await createMaterial(t.app, otherKeeper.token, { name: `${tag} wall` });

    for (const url of ['/api/products', '/api/user/get-product']) {
      const keeperView = (await t.app.inject({ method: 'GET', url: `${url}?q=${tag}`, headers: bearer(staff.keeper.token) })).json();
      expect(keeperView.map((p: { _id: string }) => p._id)).toEqual([mine._id]);
      const storeUserView = (
        await t.app.inject({ method: 'GET', url: `${url}?q=${tag.toUpperCase()}`, headers: bearer(staff.storeUser.token) })
      ).json();
      expect(storeUserView.map((p: { _id: string }) => p._id)).toEqual([mine._id]);
      const adminView = await t.app.inject({ method: 'GET', url: `${url}?q=${tag}&limit=1`, headers: bearer(staff.admin.token) });
      expect(adminView.json()).toHaveLength(1);
      expect(adminView.headers['x-total-count']).toBe('2');
    }
    const byStore = (
      await t.app.inject({ method: 'GET', url: `/api/products?storeId=${other._id}&q=${tag}`, headers: bearer(staff.admin.token) })
    ).json();
    expect(byStore.map((p: { _id: string }) => p._id)).toEqual([theirs._id]);
  });

  it('returns 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });
});

describe('PUT /api/products/update-product/:id', () => {
  it('changes descriptive fields and ignores counters sent along', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-product/${product._id}`,
      headers: bearer(staff.admin.token),
      payload: { ...product, name: `${product.name} v2`, categoryname: 'Changed', availableQuantity: 9999, totalQuantity: 9999 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({
      name: `${product.name} v2`,
      categoryname: 'Changed',
      availableQuantity: 10,
      totalQuantity: 10,
    });
    expect(await countMovements(t.database.db, product._id)).toBe(1);
  });

  it('returns 403 for a keeper and 404 for an unknown id', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const keeper = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-product/${product._id}`,
      headers: bearer(staff.keeper.token),
      payload: { name: 'x' },
    });
    expect(keeper.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/products/update-product/00000000-0000-4000-8000-000000000000',
      headers: bearer(staff.admin.token),
      payload: { name: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/products/delete-product/:id', () => {
  it('archives the material: gone from lists, its movements kept', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/delete-product/${product._id}`,
      headers: bearer(staff.admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Product deleted successfully!');
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(product.name)}`, headers: bearer(staff.admin.token) })
    ).json();
    expect(list).toEqual([]);
    expect(await countMovements(t.database.db, product._id)).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/delete-product/${product._id}`,
      headers: bearer(staff.admin.token),
    });
    expect(again.statusCode).toBe(404);
    // Its name is free again in the store.
    await createMaterial(t.app, staff.keeper.token, { name: product.name });
  });

  it("keeps an unfiltered page's total equal to the live materials as they are added and archived", async () => {
    const other = await createStoreWithStaff(t.app, t.database.db);
    const totalSeenBy = async (token: string, query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/products?limit=1${query}`, headers: bearer(token) });
      return Number(response.headers['x-total-count']);
    };
    const [live] = await queryRows<{ mine: number; all: number }>(
      t.database.db,
      sql`select count(*) filter (where store_id = ${staff.store._id})::int as mine, count(*)::int as all
          from materials where deleted_at is null`,
    );
    expect(await totalSeenBy(staff.keeper.token)).toBe(live?.mine);
    expect(await totalSeenBy(staff.admin.token)).toBe(live?.all);
    const added = await Promise.all([1, 2, 3].map(() => createMaterial(t.app, staff.keeper.token)));
    await createMaterial(t.app, other.keeper.token);
    const archive = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/products/delete-product/${id}`, headers: bearer(staff.admin.token) });
    expect((await archive(added[0]?._id as string)).statusCode).toBe(200);
    expect((await archive(added[0]?._id as string)).statusCode).toBe(404);
    expect(await totalSeenBy(staff.keeper.token)).toBe((live?.mine ?? 0) + 2);
    expect(await totalSeenBy(other.keeper.token)).toBe(1);
    expect(await totalSeenBy(staff.admin.token)).toBe((live?.all ?? 0) + 3);
    expect(await totalSeenBy(staff.admin.token, `&storeId=${other.store._id}`)).toBe(1);
    // A page past the last row has no row to carry the total: it is still told.
    expect(await totalSeenBy(staff.keeper.token, '&offset=100000')).toBe((live?.mine ?? 0) + 2);
  });

  it('returns 403 for a keeper', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/delete-product/${product._id}`,
      headers: bearer(staff.keeper.token),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/products/update-remarks/:id', () => {
  it('sets a remark once; a second attempt is a 409 and keeps the first', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${product._id}`,
      headers: bearer(staff.keeper.token),
      payload: { remarks: 'Wet bags' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().product.remarks).toBe('Wet bags');
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${product._id}`,
      headers: bearer(staff.keeper.token),
      payload: { remarks: 'Other' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Remarks already added');
    const [row] = await queryRows<{ remarks: string }>(t.database.db, sql`select remarks from materials where id = ${product._id}`);
    expect(row?.remarks).toBe('Wet bags');
  });

  it('returns 400 for an empty remark, 403 for a store user and 404 for another store', async () => {
    const product = await createMaterial(t.app, staff.keeper.token);
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${product._id}`,
      headers: bearer(staff.keeper.token),
      payload: { remarks: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const storeUser = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${product._id}`,
      headers: bearer(staff.storeUser.token),
      payload: { remarks: 'x' },
    });
    expect(storeUser.statusCode).toBe(403);
    const other = await createStore(t.app, staff.admin.token);
    const otherKeeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: other._id });
    const cross = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${product._id}`,
      headers: bearer(otherKeeper.token),
      payload: { remarks: 'x' },
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('GET /api/stock and /api/supply/track-supplies', () => {
  it('totals the stock per unit, never adding bags to tonnes, each sum equal to its materials in the ledger', async () => {
    const keeper = await createStoreWithStaff(t.app, t.database.db);
    await createMaterial(t.app, keeper.keeper.token, { unit: 'bag', totalQuantity: 40 });
    await createMaterial(t.app, keeper.keeper.token, { unit: 'bag', totalQuantity: 10 });
    await createMaterial(t.app, keeper.keeper.token, { unit: 't', totalQuantity: 3 });
    const response = await t.app.inject({ method: 'GET', url: '/api/stock/total', headers: bearer(keeper.keeper.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalAvailable: 53,
      materials: 3,
      byUnit: [
        { unit: 'bag', totalAvailable: 50, materials: 2 },
        { unit: 't', totalAvailable: 3, materials: 1 },
      ],
    });
    // Each unit's sum is its materials' stock as the ledger has it (their openings, all they have had).
    const ledger = await queryRows<{ unit: string; available: number }>(
      t.database.db,
      sql`select m.unit, sum(mv.quantity)::int as available from movements mv join materials m on m.id = mv.item_id
          where m.store_id = ${keeper.store._id} group by m.unit order by m.unit`,
    );
    expect(ledger).toEqual([
      { unit: 'bag', available: 50 },
      { unit: 't', available: 3 },
    ]);
  });

  it("lists a store's stock rows, each with its material nested", async () => {
    const store = await createStore(t.app, staff.admin.token);
    await createMaterial(t.app, staff.admin.token, {
      storeId: store._id,
      name: 'Bricks',
      totalQuantity: 500,
      unit: 'piece',
      categoryname: 'Masonry',
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/stock?storeId=${store._id}`, headers: bearer(staff.admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        Material: { name: 'Bricks', unit: 'piece' },
        Category: { name: 'Masonry' },
        Size: { value: '50 kg' },
        quantity: 500,
        Store: { storeName: store.name },
      }),
    ]);
    const cross = await t.app.inject({ method: 'GET', url: `/api/stock?storeId=${store._id}`, headers: bearer(staff.keeper.token) });
    expect(cross.statusCode).toBe(403);
  });

  it('breaks every store down per material', async () => {
    const store = await createStore(t.app, staff.admin.token, { location: 'Quay 3' });
    const product = await createMaterial(t.app, staff.admin.token, { storeId: store._id, name: 'Sand', totalQuantity: 30 });
    for (const [url, payload] of [
      ['/api/user/consume-stock', { productId: product._id, quantity: 10 }],
      ['/api/user/refund-stock', { productId: product._id, refundQuantity: 4 }],
      ['/api/user/add-damaged-stock', { productId: product._id, damagedQuantity: 2 }],
    ] as const) {
      expect((await t.app.inject({ method: 'POST', url, headers: bearer(staff.admin.token), payload })).statusCode).toBe(200);
    }
    const stores = (await t.app.inject({ method: 'GET', url: '/api/supply/track-supplies', headers: bearer(staff.admin.token) })).json();
    expect(stores.find((s: { _id: string }) => s._id === store._id)).toEqual({
      _id: store._id,
      storeName: store.name,
      location: 'Quay 3',
      inventoryDetails: [{ productName: 'Sand', damageStock: 2, refundStock: 4, consumedStock: 6, totalQuantity: 30 }],
    });
  });

  it('prints one store\'s supplies as a portrait PDF in any script, named "{store}-report.pdf", for the caller\'s stores only', async () => {
    const store = await createStore(t.app, staff.admin.token, { name: `Депо ${Date.now()}` });
    await createMaterial(t.app, staff.admin.token, { storeId: store._id, name: 'रेत', totalQuantity: 30 });
    await createMaterial(t.app, staff.admin.token, { storeId: store._id, name: '砂', totalQuantity: 12 });
    const url = `/api/supply/track-supplies/${store._id}/pdf`;
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(staff.admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${store.name.replace(/[^\x20-\x7E]/g, '_')}-report.pdf"; filename*=UTF-8''${encodeURIComponent(`${store.name}-report.pdf`)}`,
    );
    const pdf = await readPdfText(response.rawPayload);
    expect(Math.round(pdf.width)).toBe(595);
    expect(pdf.pages[0]?.[0]).toBe(`${store.name} - Supplies`);
    expect(pdf.pages[0]).toEqual(expect.arrayContaining(['Product', 'Damaged Stock', 'रेत', '砂', '30', '12', 'Page 1 of 1']));
    const keeper = await t.app.inject({ method: 'GET', url, headers: bearer(staff.keeper.token) });
    expect(keeper.statusCode).toBe(404);
  });
});
