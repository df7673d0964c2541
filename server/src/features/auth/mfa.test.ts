import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStore, createUser, PASSWORD } from '../../../test/factories';
import { users } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { hashPassword } from '../../lib/passwords';

/** A code of the app for this secret, `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('a second factor (TOTP) with recovery codes, required of admins', () => {
  let t: TestApp;
  const admin = { email: `mfa.admin.${Date.now()}@example.com`, id: '' };

  beforeAll(async () => {
    // The clock stands one second into a 30-second period, and moves on only when a test says so.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 30_000) * 30_000 + 1000);
    t = await buildTestApp({ requireAdminMfa: true });
    const [row] = await t.database.db
      .insert(users)
      .values({ name: 'Ada Admin', email: admin.email, passwordHash: await hashPassword(PASSWORD), role: 'admin' })
      .returning({ id: users.id });
    admin.id = row?.id ?? '';
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const signIn = (email: string) => post('/auth/login', { email, password: PASSWORD });

  let secret = '';
  let recoveryCodes: string[] = [];

  it('gives an admin without one no session: only a set-up token, which works for nothing else', async () => {
    const response = await signIn(admin.email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ mfaSetupRequired: true, mfaToken: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(body.mfaToken) })).statusCode).toBe(401);
    expect((await post('/api/auth/mfa', { mfaToken: body.mfaToken, code: '123456' })).statusCode).toBe(401);

    const enrolled = await post('/api/auth/mfa/enroll', undefined, body.mfaToken);
    expect(enrolled.statusCode).toBe(200);
    secret = enrolled.json().secret;
    expect(enrolled.json().otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Stockyard:.+\\?.*secret=${secret}`));
    expect((await post('/api/auth/mfa/confirm', { code: '000000' }, body.mfaToken)).statusCode).toBe(400);

    const confirmed = await post('/api/auth/mfa/confirm', { code: await codeAt(secret) }, body.mfaToken);
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(confirmed.json()).toMatchObject({ token: expect.any(String), role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/stores', headers: bearer(confirmed.json().token) })).statusCode).toBe(200);
    // Only hashes are kept.
    const stored = await queryRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from mfa_recovery_codes where user_id = ${admin.id}`,
    );
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
  });

  const nextPeriod = () => vi.setSystemTime(Date.now() + 30_000);

  it('then needs a code: no token without it, a wrong one refused, a used one refused the second time', async () => {
    const first = (await signIn(admin.email)).json();
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect((await post('/api/auth/mfa', { mfaToken: first.mfaToken, code: '111111' })).statusCode).toBe(401);
    const code = await codeAt(secret);
    // The code that confirmed the set-up was this period's: it is spent.
    expect((await post('/api/auth/mfa', { mfaToken: first.mfaToken, code })).statusCode).toBe(401);
    // A code of a period to come is not accepted either.
    expect((await post('/api/auth/mfa', { mfaToken: first.mfaToken, code: await codeAt(secret, 1) })).statusCode).toBe(401);
    nextPeriod();
    const ok = await post('/api/auth/mfa', { mfaToken: first.mfaToken, code: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ token: expect.any(String), role: 'admin', language: null });
    const again = (await signIn(admin.email)).json();
    expect((await post('/api/auth/mfa', { mfaToken: again.mfaToken, code: await codeAt(secret) })).statusCode).toBe(401);
    // The last period's code, unused, still counts in the first 5 seconds of the next period; later, never.
    nextPeriod();
    nextPeriod();
    expect((await post('/api/auth/mfa', { mfaToken: again.mfaToken, code: await codeAt(secret, -1) })).statusCode).toBe(200);
    nextPeriod();
    vi.setSystemTime(Date.now() + 9000);
    const third = (await signIn(admin.email)).json();
    expect((await post('/api/auth/mfa', { mfaToken: third.mfaToken, code: await codeAt(secret, -1) })).statusCode).toBe(401);
  });

  it('opens one session when the same code is sent twice at once', async () => {
    const [a, b] = [(await signIn(admin.email)).json().mfaToken, (await signIn(admin.email)).json().mfaToken];
    nextPeriod();
    for (const code of [await codeAt(secret), recoveryCodes[9] ?? '']) {
      const answers = await Promise.all([post('/api/auth/mfa', { mfaToken: a, code }), post('/api/auth/mfa', { mfaToken: b, code })]);
      expect(answers.map((answer) => answer.statusCode).sort(), code).toEqual([200, 401]);
    }
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const code = recoveryCodes[0] ?? '';
    const first = (await signIn(admin.email)).json();
    const ok = await post('/api/auth/mfa', { mfaToken: first.mfaToken, code: code.toUpperCase().replace('-', ' ') });
    expect(ok.statusCode).toBe(200);
    const second = (await signIn(admin.email)).json();
    expect((await post('/api/auth/mfa', { mfaToken: second.mfaToken, code })).statusCode).toBe(401);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(ok.json().token) });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('refuses a sign-in token that expired, was forged, or is for another step', async () => {
    const { SignJWT } = await import('jose');
    const wrongKey = await new SignJWT({ purpose: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await post('/api/auth/mfa', { mfaToken: wrongKey, code: await codeAt(secret, 2) })).statusCode).toBe(401);
    const setup = (await signIn(admin.email)).json().mfaToken;
    // A code step's token cannot set up a new factor, and an enrolled account cannot start again.
    expect((await post('/api/auth/mfa/enroll', undefined, setup)).statusCode).toBe(401);
    const expired = await new SignJWT({ purpose: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(t.app.tokens.secret as Uint8Array);
    expect((await post('/api/auth/mfa', { mfaToken: expired, code: await codeAt(secret, 2) })).json()).toEqual({
      message: 'This sign-in has expired. Please log in again.',
      code: 'MFA_TOKEN_ENDED',
    });
  });

  it('lets a keeper turn it on by choice, and leaves keepers without one signing in with their password alone', async () => {
    const adminToken = (
      await post('/api/auth/mfa', { mfaToken: (await signIn(admin.email)).json().mfaToken, code: recoveryCodes[1] })
    ).json().token;
    const store = await createStore(t.app, adminToken);
    const keeper = await createUser(t.app, adminToken, { role: 'user', storeId: store._id });
    expect((await signIn(keeper.email)).json()).toEqual({ token: expect.any(String), role: 'user', language: null });
    // A stolen token alone cannot turn it on (and lock the owner out): the password is asked again.
    expect((await post('/api/auth/mfa/enroll', {}, keeper.token)).statusCode).toBe(400);
    expect((await post('/api/auth/mfa/enroll', { currentPassword: 'not it at all' }, keeper.token)).statusCode).toBe(400);
    const { secret: keeperSecret } = (await post('/api/auth/mfa/enroll', { currentPassword: PASSWORD }, keeper.token)).json();
    const confirmed = await post('/api/auth/mfa/confirm', { code: await codeAt(keeperSecret) }, keeper.token);
    expect(confirmed.json()).toEqual({ recoveryCodes: expect.any(Array) });
    expect((await signIn(keeper.email)).json()).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    const events = await queryRows<{ details: Record<string, unknown> }>(
      t.database.db,
      sql`select details from audit_events where entity_id = ${keeper._id} and action = 'update'`,
    );
    expect(events.map((event) => event.details)).toContainEqual({ secondFactor: 'on' });
  });
  /** Recovery codes no other test takes, one per admin sign-in below. */
  let unusedCode = 3;

  /** A keeper with a second factor on: their email, password, secret and a session token. */
  async function keeperWithSecondFactor() {
    const adminToken = (
      await post('/api/auth/mfa', { mfaToken: (await signIn(admin.email)).json().mfaToken, code: recoveryCodes[unusedCode++] ?? '' })
    ).json().token;
    const store = await createStore(t.app, adminToken);
    const keeper = await createUser(t.app, adminToken, { role: 'user', storeId: store._id });
    const { secret: keeperSecret } = (await post('/api/auth/mfa/enroll', { currentPassword: PASSWORD }, keeper.token)).json();
    nextPeriod();
    await post('/api/auth/mfa/confirm', { code: await codeAt(keeperSecret) }, keeper.token);
    nextPeriod();
    return { ...keeper, secret: keeperSecret };
  }

  it('locks the second step of an account after 10 wrong codes from any addresses, the right code too, until the window ends', async () => {
    const keeper = await keeperWithSecondFactor();
    const from = (address: string) => ({ 'x-forwarded-for': address });
    let refused = 0;
    let locked: Awaited<ReturnType<typeof post>> | undefined;
    for (let address = 1; address <= 40 && !locked; address += 1) {
      for (let guess = 0; guess < 9 && !locked; guess += 1) {
        const { mfaToken } = (
          await t.app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { email: keeper.email, password: PASSWORD },
            headers: from(`10.0.0.${address}`),
          })
        ).json();
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/auth/mfa',
          payload: { mfaToken, code: String(100000 + address * 10 + guess) },
          headers: from(`10.0.0.${address}`),
        });
        if (answer.statusCode === 401) refused += 1;
        else locked = answer;
      }
    }
    expect(refused).toBe(10);
    expect(locked?.statusCode).toBe(429);
    expect(Number(locked?.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked?.json().message).toMatch(/^Too many failed sign-in attempts. Please wait (1[0-5]|[1-9]) minutes and try again.$/);
    // A correct password still gives a sign-in token, but the right code is refused until the window ends.
    const fresh = (await signIn(keeper.email)).json();
    expect(fresh).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect((await post('/api/auth/mfa', { mfaToken: fresh.mfaToken, code: await codeAt(keeper.secret) })).statusCode).toBe(429);
  });

  it('ends a sign-in token with a password change, and lets it finish one sign-in only', async () => {
    const keeper = await keeperWithSecondFactor();
    const before = (await signIn(keeper.email)).json().mfaToken;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(keeper.token),
      payload: { currentPassword: PASSWORD, newPassword: 'a new long pass 2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await post('/api/auth/mfa', { mfaToken: before, code: await codeAt(keeper.secret) })).statusCode).toBe(401);

    const token = (await post('/auth/login', { email: keeper.email, password: 'a new long pass 2' })).json().mfaToken;
    expect((await post('/api/auth/mfa', { mfaToken: token, code: await codeAt(keeper.secret) })).statusCode).toBe(200);
    nextPeriod();
    expect((await post('/api/auth/mfa', { mfaToken: token, code: await codeAt(keeper.secret) })).statusCode).toBe(401);
  });
  it('asks for the second factor too before making an API token', async () => {
    const keeper = await keeperWithSecondFactor();
    const ask = (payload: object) =>
      post('/api/tokens', { name: 'Script', scope: 'read', currentPassword: PASSWORD, ...payload }, keeper.token);
    const without = await ask({});
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Please enter the 6-digit code from your authenticator app.');
    expect((await ask({ code: '000000' })).statusCode).toBe(400);
    const made = await ask({ code: await codeAt(keeper.secret) });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("counts a token's wrong codes like the second step's: past 10, even the right code is refused", async () => {
    const keeper = await keeperWithSecondFactor();
    const ask = (code: string) =>
      post('/api/tokens', { name: `Script ${code}`, scope: 'read', currentPassword: PASSWORD, code }, keeper.token);
    for (let guess = 0; guess < 10; guess += 1) expect((await ask(String(200000 + guess))).statusCode).toBe(400);
    const right = await ask(await codeAt(keeper.secret));
    expect(right.statusCode).toBe(429);
  });

  it('gives a repeat under the same key the first token, though its single-use code is spent', async () => {
    const keeper = await keeperWithSecondFactor();
    const payload = { name: 'Nightly export', scope: 'read', currentPassword: PASSWORD, code: await codeAt(keeper.secret) };
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...bearer(keeper.token), 'idempotency-key': 'nightly-1' }, payload });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().token)).size).toBe(1);
    const later = await send();
    expect(later.json().token).toBe(answers[0]?.json().token);
  });
});
