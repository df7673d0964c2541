import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

describe('GET /api/movements', () => {
  it("lists an item's history newest first with who, what, how many and when", async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, quantity: 4 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/refund-stock',
      headers: bearer(staff.admin.token),
      payload: { productId: product._id, refundQuantity: 1 },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/movements?itemId=${product._id}`,
      headers: bearer(staff.keeper.token),
    });
    expect(response.statusCode).toBe(200);
    const { movements, total } = response.json();
    expect(total).toBe(3);
    expect(movements.map((m: { kind: string; quantity: number; actor: { name: string } }) => [m.kind, m.quantity, m.actor.name])).toEqual([
      ['return', 1, 'Admin'],
      ['issue', 4, 'Pat Keeper'],
      ['opening', 10, 'Pat Keeper'],
    ]);
    expect(movements[0]).toMatchObject({ itemKind: 'material', itemName: product.name, storeId: { _id: staff.store._id } });
  });

  it('pages and filters by day', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 5 });
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/add-consumed-tool',
        headers: bearer(staff.keeper.token),
        payload: { toolId: tool._id, quantity: 1 },
      });
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/movements?itemId=${tool._id}&limit=2&offset=2`,
      headers: bearer(staff.keeper.token),
    });
    expect(page.json().movements).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('4');
    const future = await t.app.inject({
      method: 'GET',
      url: `/api/movements?itemId=${tool._id}&from=2999-01-01`,
      headers: bearer(staff.keeper.token),
    });
    expect(future.json()).toEqual({ movements: [], total: 0 });
    const bad = await t.app.inject({ method: 'GET', url: `/api/movements?from=not-a-date`, headers: bearer(staff.keeper.token) });
    expect(bad.statusCode).toBe(400);
  });

  it("hides another store's movements from a keeper and refuses a store user", async () => {
    const other = await createStore(t.app, staff.admin.token);
    const theirs = await createMaterial(t.app, staff.admin.token, { storeId: other._id, totalQuantity: 3 });
    const response = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${theirs._id}`, headers: bearer(staff.keeper.token) });
    expect(response.json().total).toBe(0);
    const storeUser = await t.app.inject({ method: 'GET', url: '/api/movements', headers: bearer(staff.storeUser.token) });
    expect(storeUser.statusCode).toBe(403);
  });
});
