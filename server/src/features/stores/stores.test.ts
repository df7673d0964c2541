import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createAdmin, createStore, createUser, unique } from '../../../test/factories';
import { queryRows } from '../../db/sql';

let t: TestApp;
let admin: { email: string; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

describe('POST /api/stores', () => {
  it('creates an active store by default with every field a store has', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: bearer(admin.token),
      payload: { name: '  Riverside  ', location: 'Dock road 4', openingHours: '07:00-17:00' },
    });
    expect(response.statusCode).toBe(201);
    const { message, store } = response.json();
    expect(message).toBe('Store created successfully!');
    expect(store).toMatchObject({
      name: 'Riverside',
      storeName: 'Riverside',
      location: 'Dock road 4',
      openingHours: '07:00-17:00',
      isActive: true,
      status: 'Active',
    });
    expect(store._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(store.createdAt))).toBe(false);
  });

  it('creates an inactive store when asked', async () => {
    const store = await createStore(t.app, admin.token, { status: 'Inactive' });
    expect(store).toMatchObject({ isActive: false, status: 'Inactive' });
  });

  it.each([
    [{ name: '' }, 'Store name is required'],
    [{ name: '   ' }, 'Store name is required'],
    [{ name: ['a'] }, 'Store name is required'],
    [{ status: 'Open' }, 'Status must be Active or Inactive'],
  ])('returns 400 for %j and creates nothing', async (payload, message) => {
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from stores`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: bearer(admin.token),
      payload: { name: 'x', ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from stores`);
    expect(after?.n).toBe(before?.n);
  });

  it('returns 403 for a keeper and 401 without a token', async () => {
    const store = await createStore(t.app, admin.token);
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(keeper.token), payload: { name: 'x' } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/stores', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('GET /api/stores', () => {
  it('shows an admin every store and a keeper or store user only their own', async () => {
    const mine = await createStore(t.app, admin.token);
    const theirs = await createStore(t.app, admin.token);
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: mine._id });
    const storeUser = await createUser(t.app, admin.token, { role: 'store-user', storeId: mine._id });

    const asAdmin = (await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(admin.token) })).json();
    expect(asAdmin.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([mine._id, theirs._id]));
    for (const user of [keeper, storeUser]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(user.token) });
      expect(response.json().map((s: { _id: string }) => s._id)).toEqual([mine._id]);
    }
  });

  it('searches name or location without regard to case, and pages with a total', async () => {
    const tag = unique('quarry');
    await createStore(t.app, admin.token, { name: `${tag} A` });
    await createStore(t.app, admin.token, { name: 'Other', location: `Near the ${tag.toUpperCase()}` });
    const response = await t.app.inject({ method: 'GET', url: `/api/stores?q=${tag}&limit=1`, headers: bearer(admin.token) });
    expect(response.json()).toHaveLength(1);
    expect(response.headers['x-total-count']).toBe('2');
  });
});

describe('PUT /api/stores/update/:id', () => {
  it('updates name, location and status', async () => {
    const store = await createStore(t.app, admin.token);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/update/${store._id}`,
      headers: bearer(admin.token),
      payload: { name: 'Renamed', location: 'Hill top', isActive: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().store).toMatchObject({ name: 'Renamed', location: 'Hill top', isActive: false, status: 'Inactive' });
    const [row] = await queryRows<{ name: string; is_active: boolean }>(
      t.database.db,
      sql`select name, is_active from stores where id = ${store._id}`,
    );
    expect(row).toEqual({ name: 'Renamed', is_active: false });
  });

  it.each([{ name: '' }, { location: ' ' }, { isActive: 'yes' }, { isActive: undefined }])(
    "returns 400 with the field's message for %j",
    async (overrides) => {
      const store = await createStore(t.app, admin.token);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/stores/update/${store._id}`,
        headers: bearer(admin.token),
        payload: { name: 'N', location: 'L', isActive: true, ...overrides },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Store name, location, and status are required.');
    },
  );

  it('returns 404 for an unknown store and 403 for a keeper', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/stores/update/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin.token),
      payload: { name: 'N', location: 'L', isActive: true },
    });
    expect(unknown.statusCode).toBe(404);
    const store = await createStore(t.app, admin.token);
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/update/${store._id}`,
      headers: bearer(keeper.token),
      payload: { name: 'N', location: 'L', isActive: true },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('DELETE /api/stores/delete/:id', () => {
  it('deletes a store nothing refers to', async () => {
    const store = await createStore(t.app, admin.token);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/stores/delete/${store._id}`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from stores where id = ${store._id}`);
    expect(row?.n).toBe(0);
  });

  it('returns 409 telling the admin to mark it Inactive when users are assigned, and keeps everything', async () => {
    const store = await createStore(t.app, admin.token);
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/stores/delete/${store._id}`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Mark it Inactive instead/);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from user_stores where user_id = ${keeper._id}`);
    expect(row?.n).toBe(1);
  });

  it('returns 404 for an unknown store and 403 for a store user', async () => {
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/stores/delete/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
    const store = await createStore(t.app, admin.token);
    const storeUser = await createUser(t.app, admin.token, { role: 'store-user', storeId: store._id });
    const forbidden = await t.app.inject({ method: 'DELETE', url: `/api/stores/delete/${store._id}`, headers: bearer(storeUser.token) });
    expect(forbidden.statusCode).toBe(403);
  });
});
