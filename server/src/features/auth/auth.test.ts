import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
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
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('returns 400 when a field is missing', async () => {
    for (const payload of [{ email: admin.email }, { password: PASSWORD }, { email: '', password: '' }, {}]) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please fill in both email and password');
    }
  });

  it('returns 429 after 10 failures for one account, even from other addresses, until the window passes', async () => {
    const keeper = await createUser(t.app, admin.token, { role: 'user', storeId });
    for (let i = 0; i < 10; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: keeper.email, password: 'wrong password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.0.1.1',
      payload: { email: keeper.email, password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);

    await t.database.db.execute(sql`update login_failures set failed_at = now() - interval '16 minutes'`);
    const later = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.0.1.1',
      payload: { email: keeper.email, password: PASSWORD },
    });
    expect(later.statusCode).toBe(200);
  });

  it('returns 429 after 10 failures from one address, whatever the email', async () => {
    for (let i = 0; i < 10; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: `x${i}@example.com`, password: 'wrong password' },
      });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.9.9.9',
      payload: { email: admin.email, password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.9.9.8',
      payload: { email: admin.email, password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
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
      payload: { newPassword: 'a brand new secret' },
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
      [{}, 'Please enter a new password.'],
      [{ newPassword: '' }, 'Please enter a new password.'],
      [{ newPassword: 'short' }, 'Password must be at least 8 characters'],
      [{ newPassword: 12345678 }, 'Please enter a new password.'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(keeper.token), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await me(keeper.token)).statusCode).toBe(200);
  });

  it('returns 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { newPassword: 'whatever123' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Unauthorized! Token is missing.');
  });
});
