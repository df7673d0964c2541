import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

describe('reorder points and the low-stock list', () => {
  it('lists a material once it falls to its minimum, suggesting whole packs up to the target', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), unit: 'bag', totalQuantity: 25 });
    const set = await call(staff.keeper.token, 'PUT', `/api/materials/${cement._id}/reorder`, { minQty: 20, targetQty: 60, packSize: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reorder).toEqual({ minQty: 20, targetQty: 60, packSize: 10, preferredSupplier: null });
    const lowNames = async () =>
      ((await call(staff.keeper.token, 'GET', '/api/low-stock')).json().rows as { name: string }[]).map((row) => row.name);
    expect(await lowNames()).not.toContain(cement.name);

    expect((await call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId: cement._id, quantity: 5 })).statusCode).toBe(
      200,
    );
    const low = (await call(staff.keeper.token, 'GET', '/api/low-stock')).json();
    expect(low.rows).toContainEqual(
      expect.objectContaining({
        name: cement.name,
        available: 20,
        inTransit: 0,
        requested: 0,
        minQty: 20,
        targetQty: 60,
        packSize: 10,
        suggested: 40,
      }),
    );
    expect((await call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId: cement._id, quantity: 1 })).statusCode).toBe(
      200,
    );
    // 60 − 19 = 41, rounded up to packs of 10.
    const again = (await call(staff.keeper.token, 'GET', '/api/low-stock'))
      .json()
      .rows.find((row: { name: string }) => row.name === cement.name);
    expect(again.suggested).toBe(50);

    expect((await call(staff.keeper.token, 'GET', `/api/materials/${cement._id}/reorder`)).json().reorder).toEqual({
      minQty: 20,
      targetQty: 60,
      packSize: 10,
      preferredSupplier: null,
    });
    expect((await call(staff.keeper.token, 'DELETE', `/api/materials/${cement._id}/reorder`)).statusCode).toBe(200);
    expect(await lowNames()).not.toContain(cement.name);
    expect((await call(staff.keeper.token, 'GET', `/api/materials/${cement._id}/reorder`)).json().reorder).toBeNull();
    expect((await call(staff.keeper.token, 'DELETE', `/api/materials/${cement._id}/reorder`)).statusCode).toBe(404);
  });

  it('refuses a target not above the minimum and bad numbers, other stores and store users', async () => {
    const other = await createStoreWithStaff(t.app, t.database.db);
    const mine = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const theirs = await createMaterial(t.app, other.keeper.token, { totalQuantity: 1 });
    const backwards = await call(staff.keeper.token, 'PUT', `/api/materials/${mine._id}/reorder`, { minQty: 10, targetQty: 10 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The target must be more than the minimum.');
    expect((await call(staff.keeper.token, 'PUT', `/api/materials/${mine._id}/reorder`, { minQty: -1, targetQty: 10 })).statusCode).toBe(
      400,
    );
    expect(
      (await call(staff.keeper.token, 'PUT', `/api/materials/${mine._id}/reorder`, { minQty: 1, targetQty: 10, packSize: 0 })).statusCode,
    ).toBe(400);
    expect((await call(staff.keeper.token, 'PUT', `/api/materials/${theirs._id}/reorder`, { minQty: 1, targetQty: 10 })).statusCode).toBe(
      404,
    );
    expect((await call(staff.storeUser.token, 'PUT', `/api/materials/${mine._id}/reorder`, { minQty: 1, targetQty: 10 })).statusCode).toBe(
      403,
    );

    // An admin sets any store's; each keeper sees only their own stores' low stock.
    expect((await call(staff.admin.token, 'PUT', `/api/materials/${theirs._id}/reorder`, { minQty: 2, targetQty: 10 })).statusCode).toBe(
      200,
    );
    const mineLow = (await call(staff.keeper.token, 'GET', '/api/low-stock'))
      .json()
      .rows.map((row: { materialId: string }) => row.materialId);
    expect(mineLow).not.toContain(theirs._id);
    const theirsLow = (await call(other.keeper.token, 'GET', '/api/low-stock'))
      .json()
      .rows.map((row: { materialId: string }) => row.materialId);
    expect(theirsLow).toContain(theirs._id);
    const byStore = await call(staff.admin.token, 'GET', `/api/low-stock?storeId=${other.store._id}`);
    expect(byStore.json().rows.map((row: { materialId: string }) => row.materialId)).toEqual([theirs._id]);
  });

  it('names the supplier a material is ordered from: kept when a change leaves it out, cleared by null, shown on the low-stock list', async () => {
    const supplier = (await call(staff.admin.token, 'POST', '/api/suppliers', { name: unique('Acme') })).json().supplier;
    const lime = await createMaterial(t.app, staff.keeper.token, { name: unique('Lime'), unit: 'bag', totalQuantity: 5 });
    const url = `/api/materials/${lime._id}/reorder`;
    const set = await call(staff.keeper.token, 'PUT', url, { minQty: 10, targetQty: 30, preferredSupplierId: supplier._id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reorder.preferredSupplier).toEqual({ _id: supplier._id, name: supplier.name });
    const changed = await call(staff.keeper.token, 'PUT', url, { minQty: 8, targetQty: 30 });
    expect(changed.json().reorder).toMatchObject({ minQty: 8, preferredSupplier: { _id: supplier._id } });
    const low = (await call(staff.keeper.token, 'GET', '/api/low-stock')).json().rows as {
      materialId: string;
      preferredSupplier: unknown;
    }[];
    expect(low.find((row) => row.materialId === lime._id)?.preferredSupplier).toEqual({ _id: supplier._id, name: supplier.name });

    const unknown = await call(staff.keeper.token, 'PUT', url, {
      minQty: 8,
      targetQty: 30,
      preferredSupplierId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Supplier not found');
    expect((await call(staff.keeper.token, 'GET', url)).json().reorder.preferredSupplier).toEqual({
      _id: supplier._id,
      name: supplier.name,
    });
    const cleared = await call(staff.keeper.token, 'PUT', url, { minQty: 8, targetQty: 30, preferredSupplierId: null });
    expect(cleared.json().reorder.preferredSupplier).toBeNull();
  });
});
