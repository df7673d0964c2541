import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, PASSWORD } from '../../../test/factories';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type Created = { _id: string; name: string; scope: string; token: string; createdAt: string; lastUsedAt: string | null; expiresAt: string };

async function createToken(sessionToken: string, name: string, scope: 'read' | 'full', app = t.app, password = PASSWORD): Promise<Created> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: bearer(sessionToken),
    payload: { name, scope, currentPassword: password },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function idOf(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${email}`);
  return row?.id ?? '';
}

const listMaterials = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(token) });
const issue = (token: string, productId: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/consume-stock', headers: bearer(token), payload: { productId, quantity: 1 } });

describe('personal API tokens', () => {
  it('shows the secret once, lists tokens without it, and keeps only its SHA-256', async () => {
    const created = await createToken(staff.keeper.token, 'Accounting export', 'read');
    expect(created).toMatchObject({ name: 'Accounting export', scope: 'read', lastUsedAt: null });
    expect(created.token).toMatch(/^sy_[A-Za-z0-9_-]{43}$/);

    const list = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(staff.keeper.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        _id: created._id,
        name: 'Accounting export',
        scope: 'read',
        createdAt: created.createdAt,
        lastUsedAt: null,
        expiresAt: created.expiresAt,
      },
    ]);
    expect(list.body).not.toContain(created.token);

    const rows = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from api_tokens where id = ${created._id}`);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(3));
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
  });

  it('keeps the answer for a repeat of its key sealed: neither the secret nor the key is stored as sent', async () => {
    const key = `token-${Date.now()}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { ...bearer(staff.keeper.token), 'idempotency-key': key },
        payload: { name: 'Sealed export', scope: 'read', currentPassword: PASSWORD },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await send();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.body).toBe(first.body);

    const stored = await queryRows<{ key: string; response: unknown }>(
      t.database.db,
      sql`select key, response from idempotency_keys where user_id = ${await idOf(staff.keeper.email)}`,
    );
    const sealed = stored.filter((row) => JSON.stringify(row.response).includes('sealed'));
    expect(sealed).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(first.json().token);
    expect(JSON.stringify(stored)).not.toContain(key);
    await t.app.inject({ method: 'DELETE', url: `/api/tokens/${first.json()._id}`, headers: bearer(staff.keeper.token) });
  });

  it('lets a read token list but not move stock (403), and a full token do what its owner may', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const read = await createToken(staff.keeper.token, 'Read only', 'read');
    const full = await createToken(staff.keeper.token, 'Site script', 'full');

    const listed = await listMaterials(read.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { _id: string }) => row._id)).toContain(product._id);

    const refused = await issue(read.token, product._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API token can only read.');
    expect((await issue(full.token, product._id)).statusCode).toBe(200);
    const [counters] = await queryRows<{ consumed: number }>(
      t.database.db,
      sql`select consumed_quantity::float8 as consumed from materials where id = ${product._id}`,
    );
    expect(counters?.consumed).toBe(1);

    // A full token has its owner's rights and no more: a keeper's cannot create users.
    const adminOnly = await t.app.inject({
      method: 'POST',
      url: '/api/auth/create-user',
      headers: bearer(full.token),
      payload: { name: 'Eve', email: 'eve@example.com', password: PASSWORD, role: 'admin' },
    });
    expect(adminOnly.statusCode).toBe(403);

    // The movement is the owner's, as if they had recorded it signed in.
    const [movement] = await queryRows<{ actor_id: string }>(
      t.database.db,
      sql`select actor_id from movements where item_id = ${product._id} and kind = 'issue'`,
    );
    const [owner] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${staff.keeper.email}`);
    expect(movement?.actor_id).toBe(owner?.id);
  });

  it('is refused on managing tokens, sessions, password and sign-out, whatever its scope', async () => {
    const full = await createToken(staff.keeper.token, 'Everything', 'full');
    const attempts = [
      { method: 'POST' as const, url: '/api/tokens', payload: { name: 'Successor', scope: 'full' } },
      { method: 'GET' as const, url: '/api/tokens' },
      { method: 'DELETE' as const, url: `/api/tokens/${full._id}` },
      { method: 'GET' as const, url: '/api/auth/sessions' },
      {
        method: 'POST' as const,
        url: '/api/auth/change-password',
        payload: { currentPassword: PASSWORD, newPassword: 'another long passphrase 9' },
      },
      { method: 'POST' as const, url: '/api/auth/logout' },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(full.token) });
      expect(response.statusCode, attempt.url).toBe(403);
      expect(response.json().message).toBe('API tokens cannot be used for this. Sign in to do it.');
    }
    // Still alive: nothing above touched it.
    expect((await listMaterials(full.token)).statusCode).toBe(200);
  });

  it("is refused on anyone's password and on signing anyone out, even an admin's full token", async () => {
    const full = await createToken(staff.admin.token, 'Admin script', 'full');
    const attempts = [
      {
        method: 'POST' as const,
        url: '/api/auth/change-user-password',
        payload: { userId: staff.keeper._id, newPassword: 'taken over pass 1' },
      },
      { method: 'POST' as const, url: `/api/users/${staff.keeper._id}/sessions/sign-out-all` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(full.token) });
      expect(response.statusCode, attempt.url).toBe(403);
    }
    expect((await listMaterials(staff.keeper.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/tokens/${full._id}`, headers: bearer(staff.admin.token) });
  });

  it("refuses an admin their own password through another user's route: the current one is asked for everyone", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-user-password',
      headers: bearer(staff.admin.token),
      payload: { userId: await idOf(staff.admin.email), newPassword: 'my own new pass 4' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Change your own password under Change Password, with your current password.');
  });

  it('ends with a password change and with signing out everywhere (401 after)', async () => {
    const before = await createToken(staff.keeper.token, 'Before the change', 'read');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(staff.keeper.token),
      payload: { currentPassword: PASSWORD, newPassword: 'keeper new pass 7' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await listMaterials(before.token)).statusCode).toBe(401);
    const session = changed.json().token as string;
    staff.keeper.token = session;

    const next = await createToken(session, 'Before signing out', 'read', t.app, 'keeper new pass 7');
    expect((await listMaterials(next.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', headers: bearer(session) });
    expect(out.statusCode, out.body).toBe(200);
    expect((await listMaterials(next.token)).statusCode).toBe(401);
    expect((await listMaterials(session)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(session),
      payload: { currentPassword: 'keeper new pass 7', newPassword: PASSWORD },
    });
    staff.keeper.token = back.json().token;
  });

  it('asks for the password again, lasts 90 days unless asked otherwise (a year at most), and is refused once expired', async () => {
    const ask = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tokens', headers: bearer(staff.keeper.token), payload });
    const noPassword = await ask({ name: 'No password', scope: 'read' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Please enter your current password.');
    const wrong = await ask({ name: 'Wrong password', scope: 'read', currentPassword: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is not correct.');
    expect((await ask({ name: 'Too long', scope: 'read', currentPassword: PASSWORD, expiresInDays: 366 })).statusCode).toBe(400);

    const usual = await createToken(staff.keeper.token, 'Usual', 'read');
    const days = (Date.parse(usual.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const short = await ask({ name: 'A week', scope: 'read', currentPassword: PASSWORD, expiresInDays: 7 });
    expect(short.statusCode, short.body).toBe(201);
    // A week later (its end moved to now): refused.
    await t.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${short.json()._id}`);
    expect((await listMaterials(short.json().token)).statusCode).toBe(401);
    // Its name is free again, and it is no longer listed.
    const again = await ask({ name: 'A week', scope: 'read', currentPassword: PASSWORD, expiresInDays: 7 });
    expect(again.statusCode, again.body).toBe(201);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(staff.keeper.token) })).json() as Created[];
    expect(listed.filter((token) => token.name === 'A week')).toHaveLength(1);
    for (const id of [usual._id, again.json()._id]) {
      await t.app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: bearer(staff.keeper.token) });
    }
  });

  it('stops working the moment it is revoked (401), and records when it was last used', async () => {
    const token = await createToken(staff.keeper.token, 'Short lived', 'read');
    expect((await listMaterials(token.token)).statusCode).toBe(200);
    const used = (await t.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(staff.keeper.token) }))
      .json()
      .find((row: { _id: string }) => row._id === token._id);
    expect(used.lastUsedAt).toEqual(expect.any(String));

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${token._id}`, headers: bearer(staff.keeper.token) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: 'API token revoked.' });
    const after = await listMaterials(token.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API token is not valid or has been revoked.');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/tokens/${token._id}`, headers: bearer(staff.keeper.token) })).statusCode,
    ).toBe(404);
    // A made-up token is refused the same way.
    expect((await listMaterials(`sy_${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('belongs to its owner: another person can neither see nor revoke it', async () => {
    const token = await createToken(staff.keeper.token, 'Mine', 'read');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(staff.storeUser.token) });
    expect(theirs.json().map((row: { _id: string }) => row._id)).not.toContain(token._id);
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${token._id}`, headers: bearer(staff.admin.token) });
    expect(byAdmin.statusCode).toBe(404);
    expect((await listMaterials(token.token)).statusCode).toBe(200);
  });

  it('checks its name and scope, keeps names unique among live tokens, and caps how many one holds', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(staff.admin.token),
      payload: { name: ' ', scope: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Token name|Scope must be read or full/);

    await createToken(staff.admin.token, 'Nightly', 'read');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(staff.admin.token),
      payload: { name: 'nightly', scope: 'full', currentPassword: PASSWORD },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already have a token with this name');

    for (let n = 2; n <= 20; n++) await createToken(staff.admin.token, `Script ${n}`, 'read');
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: bearer(staff.admin.token),
      payload: { name: 'One more', scope: 'read', currentPassword: PASSWORD },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('You can hold at most 20 API tokens. Revoke one you no longer use first.');
  });

  it('writes creating and revoking a token into the audit trail', async () => {
    const token = await createToken(staff.keeper.token, 'Audited', 'full');
    await t.app.inject({ method: 'DELETE', url: `/api/tokens/${token._id}`, headers: bearer(staff.keeper.token) });
    const rows = await queryRows<{ action: string; entity_name: string }>(
      t.database.db,
      sql`select action, entity_name from audit_events where entity_type = 'api_token' and entity_id = ${token._id} order by at, action`,
    );
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('API token rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ apiTokenRequestsPerMinute: 5 });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, for that token only', async () => {
    const team = await createStoreWithStaff(limited.app, limited.database.db);
    const busy = await createToken(team.keeper.token, 'Loop', 'read', limited.app);
    const calm = await createToken(team.keeper.token, 'Calm', 'read', limited.app);
    const call = (token: string) => limited.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(token) });
    for (let n = 0; n < 5; n++) expect((await call(busy.token)).statusCode).toBe(200);
    const refused = await call(busy.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().message).toMatch(/^Too many requests with this API token\. Try again in \d+ seconds\.$/);
    expect((await call(calm.token)).statusCode).toBe(200);
    // The person signed in is not slowed by their token's loop.
    expect((await call(team.keeper.token)).statusCode).toBe(200);
  });
});
