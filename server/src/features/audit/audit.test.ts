import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool, createUser, dayFromToday } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

async function audit(query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: bearer(staff.admin.token) });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    events: { action: string; entityType: string; entityName: string; actor: { name: string } | null; details: Record<string, unknown> }[];
    total: number;
  };
}

describe('the audit trail', () => {
  it('records who created, changed and deleted stores, users, materials, tools and deliveries', async () => {
    const store = await createStore(t.app, staff.admin.token, { name: 'Audit Yard' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/stores/update/${store._id}`,
      headers: bearer(staff.admin.token),
      payload: { name: 'Audit Yard 2', location: 'X', isActive: false },
    });
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: store._id });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(staff.admin.token),
      payload: { userId: keeper._id, newPassword: 'another-password' },
    });
    const material = await createMaterial(t.app, staff.keeper.token, { name: 'Audit cement', totalQuantity: 3 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${material._id}`,
      headers: bearer(staff.keeper.token),
      payload: { remarks: 'Torn bag' },
    });
    await createTool(t.app, staff.keeper.token, { name: 'Audit drill' });
    const entry = (
      await t.app.inject({
        method: 'POST',
        url: '/api/supply/add',
        headers: bearer(staff.keeper.token),
        payload: { productId: material._id, quantity: 2, supplier: 'Acme', dateReceived: dayFromToday(-4) },
      })
    ).json().supply;
    await t.app.inject({ method: 'DELETE', url: `/api/delete-inventory/${entry._id}`, headers: bearer(staff.admin.token) });
    await t.app.inject({ method: 'DELETE', url: `/api/products/delete-product/${material._id}`, headers: bearer(staff.admin.token) });
    await t.app.inject({ method: 'DELETE', url: `/api/auth/delete-user/${keeper._id}`, headers: bearer(staff.admin.token) });

    const { events } = await audit('limit=20');
    // Sign-ins (the new keeper's) are in the trail too; this is about records.
    const summary = events
      .filter((event) => !event.action.startsWith('sign_'))
      .map((event) => `${event.actor?.name} ${event.action} ${event.entityType} ${event.entityName}`);
    expect(summary.slice(0, 11).reverse()).toEqual([
      'Admin create store Audit Yard',
      'Admin update store Audit Yard 2',
      'Admin create user Pat Keeper',
      'Admin update user Pat Keeper',
      'Pat Keeper create material Audit cement',
      'Pat Keeper update material Audit cement',
      'Pat Keeper create tool Audit drill',
      'Pat Keeper create delivery Audit cement from Acme',
      'Admin delete delivery Audit cement from Acme',
      'Admin delete material Audit cement',
      'Admin delete user Pat Keeper',
    ]);
    const passwordEvent = events.find((event) => event.details.password);
    expect(JSON.stringify(passwordEvent)).not.toContain('another-password');
  });

  it('filters by kind of thing, action and day', async () => {
    const { events, total } = await audit('entityType=store&action=create');
    expect(total).toBeGreaterThan(0);
    expect(events.every((event) => event.entityType === 'store' && event.action === 'create')).toBe(true);
    expect((await audit('from=2999-01-01')).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/audit?entityType=spaceship', headers: bearer(staff.admin.token) });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only, and cannot be rewritten', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(staff.keeper.token) });
    expect(response.statusCode).toBe(403);
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});
