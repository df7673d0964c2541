import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createAdmin, createStore, createUser, login, PASSWORD } from '../../../test/factories';
import { queryRows } from '../../db/sql';

let t: TestApp;
let admin: { email: string; token: string };
let storeId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
  storeId = (await createStore(t.app, admin.token))._id;
});
afterAll(() => t.close());

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(token) });
}

describe('POST /auth/login', () => {
  it.each(['/auth/login', '/api/auth/login'])('returns a token and the role on %s', async (url) => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    const response = await t.app.inject({ method: 'POST', url, payload: { email: keeper.email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.role).toBe('user');
    const claims = decodeJwt(body.token);
    expect(claims.sub).toBe(keeper._id);
    expect(claims.role).toBe('user');
    expect(claims.stores).toEqual([storeId]);
    const sessions = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*) as n from sessions where jti = ${claims.jti as string}`,
    );
    expect(sessions[0]?.n).toBe(1);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: `  ${admin.email.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('admin');
  });

  it('returns 401 with one message for a wrong password and for an unknown email', async () => {
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: admin.email, password: 'nope-nope-nope' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: PASSWORD },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password', code: 'LOGIN_INVALID' });
    }
  });

  it('returns 400 when a field is missing', async () => {
    for (const payload of [{ email: admin.email }, { password: PASSWORD }, { email: '', password: '' }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please fill in both email and password');
    }
  });

  function signIn(email: string, password: string, remoteAddress: string) {
    return t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } });
  }

  it('locks the pair of account and address after 10 failures, not the account: its owner signs in from another address', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await signIn(keeper.email, 'wrong password', '10.0.0.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    expect((await signIn(keeper.email, PASSWORD, '10.0.0.1')).json().message).toMatch(/Too many failed sign-in attempts/);
    const started = performance.now();
    const owner = await signIn(keeper.email, PASSWORD, '10.0.0.2');
    expect(owner.statusCode).toBe(200);
    // Slowed down, as every attempt on an account under attack is, but let in.
    expect(performance.now() - started).toBeGreaterThan(1000);
  });

  it('counts guesses sent at once one by one: of 60 simultaneous wrong passwords, exactly 10 are checked', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    const responses = await Promise.all(Array.from({ length: 60 }, () => signIn(keeper.email, 'wrong password', '10.0.2.1')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });

  it('refuses even the right password from a locked pair until the window passes, saying when (Retry-After)', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    for (let i = 0; i < 10; i += 1) await signIn(keeper.email, 'wrong password', '10.0.3.1');
    const locked = await signIn(keeper.email, PASSWORD, '10.0.3.1');
    expect(locked.statusCode).toBe(429);
    // It says when to try again: the seconds left in the window, and the minutes in words.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    await t.database.db.execute(sql`update sign_in_attempts set window_started_at = now() - interval '16 minutes'`);
    expect((await signIn(keeper.email, PASSWORD, '10.0.3.1')).statusCode).toBe(200);
  });

  it("keeps a site's shared address open when keepers mistype: other accounts still sign in from it", async () => {
    const keepers = await Promise.all([1, 2, 3].map(() => createUser(t.app, admin.token, { role: 'user', storeId })));
    for (const keeper of keepers) {
      for (let i = 0; i < 10; i += 1) await signIn(keeper.email, 'wrong password', '10.0.4.1');
    }
    const other = await createUser(t.app, admin.token, { role: 'user', storeId });
    expect((await signIn(other.email, PASSWORD, '10.0.4.1')).statusCode).toBe(200);
    // Successful sign-ins are not failures: a busy morning at one address never reaches its limit.
    for (let i = 0; i < 110; i += 1) expect((await signIn(other.email, PASSWORD, '10.0.4.1')).statusCode).toBe(200);
  });

  it('limits one address at 100 attempts across accounts, and no other address', async () => {
    for (let i = 0; i < 100; i += 1) await signIn(`nobody${i % 25}@example.com`, 'wrong password', '10.0.5.1');
    expect((await signIn(admin.email, PASSWORD, '10.0.5.1')).statusCode).toBe(429);
    expect((await signIn(admin.email, PASSWORD, '10.0.5.2')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('returns 401 without a token, with a malformed one and with one signed by another key', async () => {
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYWRtaW4iLCJzdG9yZXMiOltdLCJzdWIiOiJ4IiwianRpIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0.' +
      'c2lnbmF0dXJlLWRvZXMtbm90LW1hdGNo';
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Bearer abc.def' }, { authorization: `Bearer ${forged}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/stores', headers });
      expect(response.statusCode).toBe(401);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('returns 401, not 400, for a correctly signed token whose jti is not a session id', async () => {
    for (const jti of ['-'.repeat(36), 'not-a-uuid', '00000000-0000-0000-0000-00000000000g']) {
      const token = await new SignJWT({ role: 'admin', stores: [] })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(randomUUID())
        .setJti(jti)
        .setExpirationTime('1h')
        .sign(t.app.tokens.secret);
      const response = await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(token) });
      expect(response.statusCode, jti).toBe(401);
    }
  });

  it('refuses a token whose session has expired', async () => {
    const token = await login(t.app, admin.email);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where jti = ${decodeJwt(token).jti as string}`,
    );
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it.each(['/auth/logout', '/api/auth/logout'])('revokes the token on %s, also with an empty JSON body', async (url) => {
    const token = await login(t.app, admin.email);
    const other = await login(t.app, admin.email);
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('returns 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends every session and returns a working new token', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'store-user', storeId });
    const otherDevice = await login(t.app, keeper.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(keeper.token),
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password changed successfully!');
    expect((await me(keeper.token)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(response.json().token)).statusCode).toBe(200);
    await expect(login(t.app, keeper.email, PASSWORD)).rejects.toThrow(/401/);
    expect(await login(t.app, keeper.email, 'a brand new secret')).toBeTruthy();
  });

  it('returns 400 for a missing or short password and changes nothing', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    for (const [payload, message] of [
      [{ currentPassword: PASSWORD }, 'Please enter a new password.'],
      [{ currentPassword: PASSWORD, newPassword: '' }, 'Please enter a new password.'],
      [{ currentPassword: PASSWORD, newPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ currentPassword: PASSWORD, newPassword: 12345678 }, 'Please enter a new password.'],
      [
        { currentPassword: PASSWORD, newPassword: 'password1' },
        'This password is one of the most common ones. Please choose one that is harder to guess.',
      ],
      [{ newPassword: 'a brand new secret' }, 'Please enter your current password.'],
      [{ currentPassword: 'not my password', newPassword: 'a brand new secret' }, 'The current password is not correct.'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(keeper.token), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await me(keeper.token)).statusCode).toBe(200);
  });

  it('lets a stolen token guess the current password no faster than a sign-in', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    const guess = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '10.0.7.1',
        headers: bearer(keeper.token),
        payload: { currentPassword, newPassword: 'taken over at last' },
      });
    for (let i = 0; i < 10; i += 1) expect((await guess(`guess number ${i}`)).statusCode).toBe(400);
    expect((await guess(PASSWORD)).statusCode).toBe(429);
    expect(await login(t.app, keeper.email, PASSWORD)).toBeTruthy();
  });

  it('returns 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { newPassword: 'whatever123' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Unauthorized! Token is missing.');
  });
});
