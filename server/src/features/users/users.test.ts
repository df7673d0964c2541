import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createAdmin, createStore, createUser, login, PASSWORD, unique } from '../../../test/factories';
import { queryRows } from '../../db/sql';

let t: TestApp;
let admin: { email: string; token: string };
let store: { _id: string; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
  store = await createStore(t.app, admin.token);
});
afterAll(() => t.close());

function createUserRequest(token: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/auth/create-user', headers: bearer(token), payload: payload as object });
}

function validUser(overrides: Record<string, unknown> = {}) {
  return { name: 'Sam Site', email: `${unique('sam')}@example.com`, password: PASSWORD, role: 'user', stores: [store._id], ...overrides };
}

describe('POST /api/auth/create-user', () => {
  it('creates a store keeper with one store and stores an argon2id hash, never the password', async () => {
    const payload = validUser({ email: `  ${unique('Mixed')}@Example.COM ` });
    const response = await createUserRequest(admin.token, payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('User Created Successfully');
    expect(body.user).toMatchObject({ name: 'Sam Site', role: 'user', stores: [{ _id: store._id, name: store.name }] });
    expect(body.user.email).toBe((payload.email as string).trim().toLowerCase());
    expect(body.user).not.toHaveProperty('password');
    const [row] = await queryRows<{ password_hash: string; stores: number }>(
      t.database.db,
      sql`select password_hash, (select count(*)::int from user_stores where user_id = users.id) as stores from users where id = ${body.user._id}`,
    );
    // Argon2id at or above OWASP's minimums: 19 MiB, 2 passes, 1 lane.
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row?.password_hash ?? '');
    expect(params).not.toBeNull();
    const [memory, passes, lanes] = (params ?? []).slice(1).map(Number);
    expect(memory).toBeGreaterThanOrEqual(19_456);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(lanes).toBeGreaterThanOrEqual(1);
    expect(row?.stores).toBe(1);
  });

  it('refuses a password that is common, only spaces, or over 128 characters, and adds nobody', async () => {
    for (const [password, message] of [
      ['Password', 'This password is one of the most common ones. Please choose one that is harder to guess.'],
      ['qwertyuiop', 'This password is one of the most common ones. Please choose one that is harder to guess.'],
      ['          ', 'Password cannot be only spaces'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
    ]) {
      const payload = validUser();
      const response = await createUserRequest(admin.token, { ...payload, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message).toBe(message);
      const [found] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where email = ${payload.email}`,
      );
      expect(found?.n).toBe(0);
    }
    expect((await createUserRequest(admin.token, validUser({ password: 'x'.repeat(128) }))).statusCode).toBe(201);
  });

  it('defaults the role to store keeper', async () => {
    const { role: _role, ...payload } = validUser();
    const response = await createUserRequest(admin.token, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('user');
  });

  it('returns 409 for an email already taken, in any letter case, and adds nobody', async () => {
    const email = `${unique('dup')}@example.com`;
    expect((await createUserRequest(admin.token, validUser({ email }))).statusCode).toBe(201);
    const response = await createUserRequest(admin.token, validUser({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A user with this email already exists.');
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from users where lower(email) = ${email}`);
    expect(row?.n).toBe(1);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'x'.repeat(100_000) }, 'Name must be at most 200 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: undefined }, 'Password is required'],
    [{ role: 'admin' }, 'Role must be Store Keeper or User'],
    [{ stores: [] }, 'Please assign exactly one store'],
    [{ stores: 'abc' }, 'Please assign a store'],
    [{ stores: ['not-a-uuid'] }, 'Invalid id'],
    [{ name: 42 }, 'Name is required'],
  ])('returns 400 for %j', async (overrides, message) => {
    const response = await createUserRequest(admin.token, validUser(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('returns 400 when the store does not exist', async () => {
    const response = await createUserRequest(admin.token, validUser({ stores: ['00000000-0000-4000-8000-000000000000'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The selected store does not exist.');
  });

  it('returns 403 for a keeper and a store user, 401 without a token', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const storeUser = await createUser(t.app, admin.token, { role: 'store-user', storeId: store._id });
    expect((await createUserRequest(keeper.token, validUser())).statusCode).toBe(403);
    expect((await createUserRequest(storeUser.token, validUser())).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/create-user', payload: validUser() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/auth/fetch-users', () => {
  it('lists users with their store names, searches name, email and role, and pages with a total', async () => {
    const named = unique('Zebedee');
    await createUserRequest(admin.token, validUser({ name: named, role: 'store-user' }));
    const all = await t.app.inject({ method: 'GET', url: '/api/auth/fetch-users', headers: bearer(admin.token) });
    expect(all.statusCode).toBe(200);
    expect(all.json().users.length).toBeGreaterThan(1);

    const search = await t.app.inject({
      method: 'GET',
      url: `/api/auth/fetch-users?q=${named.toLowerCase()}`,
      headers: bearer(admin.token),
    });
    expect(search.json().users).toEqual([
      expect.objectContaining({ name: named, role: 'store-user', stores: [{ _id: store._id, name: store.name }] }),
    ]);

    const page = await t.app.inject({ method: 'GET', url: '/api/auth/fetch-users?limit=1&offset=1', headers: bearer(admin.token) });
    expect(page.json().users).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBe(all.json().users.length);
  });

  it('treats % and _ in the search as text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/fetch-users?q=%25', headers: bearer(admin.token) });
    expect(response.json().users).toEqual([]);
  });

  it('returns 400 for a bad limit and 403 for a keeper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/fetch-users?limit=-1', headers: bearer(admin.token) })).statusCode).toBe(
      400,
    );
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/fetch-users', headers: bearer(keeper.token) })).statusCode).toBe(403);
  });
});

describe('DELETE /api/auth/delete-user/:id', () => {
  it('removes the user from the list, ends their sessions and refuses their sign-in', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/delete-user/${keeper._id}`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User deleted successfully!');
    expect((await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(keeper.token) })).statusCode).toBe(401);
    await expect(login(t.app, keeper.email)).rejects.toThrow(/401/);
    const list = await t.app.inject({ method: 'GET', url: `/api/auth/fetch-users?q=${keeper.email}`, headers: bearer(admin.token) });
    expect(list.json().users).toEqual([]);
    // The email can be used again for a new account.
    expect((await createUserRequest(admin.token, validUser({ email: keeper.email }))).statusCode).toBe(201);
  });

  it('returns 404 for an unknown or already deleted user, 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/delete-user/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-user/abc', headers: bearer(admin.token) });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses to delete the signed-in admin', async () => {
    const [me] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${admin.email}`);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/delete-user/${me?.id}`, headers: bearer(admin.token) });
    expect(response.statusCode).toBe(409);
  });

  it('returns 403 for a keeper', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/delete-user/${keeper._id}`, headers: bearer(keeper.token) });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/auth/change-user-password', () => {
  it("sets another user's password and ends their sessions", async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(admin.token),
      payload: { userId: keeper._id, newPassword: 'set by the admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password changed successfully!');
    expect((await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(keeper.token) })).statusCode).toBe(401);
    expect(await login(t.app, keeper.email, 'set by the admin')).toBeTruthy();
  });

  it('returns 400 without a new password, 404 for an unknown user, 403 for a keeper', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store._id });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(admin.token),
      payload: { userId: keeper._id },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter a new password.');
    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(admin.token),
      payload: { userId: keeper._id, newPassword: 'iloveyou' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/one of the most common/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(admin.token),
      payload: { userId: '00000000-0000-4000-8000-000000000000', newPassword: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(404);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(keeper.token),
      payload: { userId: keeper._id, newPassword: 'whatever1' },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
