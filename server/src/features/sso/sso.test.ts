import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, createUser, PASSWORD, unique } from '../../../test/factories';
import { followToApp, startOidcProvider } from '../../../test/oidc-provider';
import type { OidcSettings } from '../../config';
import { users } from '../../db/schema';
import { queryRows } from '../../db/sql';
import { hashPassword } from '../../lib/passwords';

const REDIRECT = 'http://stockyard.test/auth/oidc/callback';
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

function settings(overrides: Partial<OidcSettings> = {}): OidcSettings {
  return {
    issuer: provider.issuer,
    clientId: provider.client.client_id,
    clientSecret: provider.client.client_secret,
    name: 'Acme Login',
    redirectUri: REDIRECT,
    createsUsers: false,
    adminValues: [],
    keeperValues: [],
    trustsProviderMfa: false,
    isOnly: false,
    ...overrides,
  };
}

beforeAll(async () => {
  provider = await startOidcProvider(REDIRECT);
  t = await buildTestApp({ oidc: settings() });
  staff = await createStoreWithStaff(t.app, t.database.db);
  provider.addAccount('keeper-1', { email: staff.keeper.email.toUpperCase(), email_verified: true, name: 'Pat Keeper' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** A browser's trip: the login page's button, the provider, and back to the app's callback; where the app sends it then. */
async function signInAtProvider(app = t.app): Promise<URL> {
  const start = await app.inject({ method: 'GET', url: '/auth/oidc/start' });
  expect(start.statusCode, start.body).toBe(302);
  const back = await followToApp(start.headers.location as string, provider.issuer);
  expect(back.toString().startsWith(REDIRECT)).toBe(true);
  const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode, callback.body).toBe(302);
  return new URL(callback.headers.location as string, 'http://stockyard.test');
}

const finish = (ticket: string, app = t.app) => app.inject({ method: 'POST', url: '/api/auth/oidc/finish', payload: { ticket } });

describe('single sign-on through an OpenID provider', () => {
  it("shows the provider's button, signs a known person in with a normal session, and reaches the keeper's screens", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sign-in-options' })).json()).toEqual({ provider: { name: 'Acme Login' } });
    provider.signInAs('keeper-1');
    const landed = await signInAtProvider();
    expect(landed.pathname).toBe('/');
    const ticket = landed.searchParams.get('sso') as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = await finish(ticket);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ role: 'user', token: expect.any(String) });
    const products = await t.app.inject({ method: 'GET', url: '/api/products', headers: bearer(signedIn.json().token) });
    expect(products.statusCode).toBe(200);
    // The ticket is spent: a second exchange opens nothing.
    const again = await finish(ticket);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in has ended. Please sign in again.');
    const [audit] = await queryRows<{ details: Record<string, string> }>(
      t.database.db,
      sql`select details from audit_events where action = 'sign_in' order by at desc limit 1`,
    );
    expect(audit?.details.through).toBe('identity provider');
  });

  it('opens one session for a ticket sent 20 times at once', async () => {
    provider.signInAs('keeper-1');
    const ticket = (await signInAtProvider()).searchParams.get('sso') as string;
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => finish(ticket)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(401)]);
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions`);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
  });

  it('refuses a return whose state is wrong, and a code sent back twice', async () => {
    provider.signInAs('keeper-1');
    const start = await t.app.inject({ method: 'GET', url: '/auth/oidc/start' });
    const back = await followToApp(start.headers.location as string, provider.issuer);
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-this-app-never-sent');
    const wrongState = await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` });
    expect(wrongState.headers.location).toBe('/?ssoError=failed');
    const first = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(first.headers.location).toMatch(/^\/\?sso=/);
    const replayed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replayed.headers.location).toBe('/?ssoError=failed');
  });

  it('refuses an email Stockyard does not know, a deactivated person, and an unverified email', async () => {
    provider.addAccount('stranger', { email: 'stranger@example.com', email_verified: true, name: 'Stranger' });
    provider.signInAs('stranger');
    expect((await signInAtProvider()).search).toBe('?ssoError=unknown');

    const leaver = await createUser(t.app, staff.admin.token, {
      role: 'store-user',
      storeId: staff.store._id,
      email: 'leaver@example.com',
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${leaver._id}`,
      headers: bearer(staff.admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    provider.addAccount('leaver', { email: 'leaver@example.com', email_verified: true, name: 'Lee Leaver' });
    provider.signInAs('leaver');
    expect((await signInAtProvider()).search).toBe('?ssoError=unknown');

    provider.addAccount('unverified', { email: staff.storeUser.email, email_verified: false, name: 'Unverified' });
    provider.signInAs('unverified');
    expect((await signInAtProvider()).search).toBe('?ssoError=unknown');
  });

  it('makes a store user with no store for a new email when told to, maps roles from a claim, and keeps admins at the second step', async () => {
    const mapped = await buildTestApp({
      oidc: settings({ createsUsers: true, rolesClaim: 'groups', adminValues: ['stockyard-admins'], keeperValues: ['stockyard-keepers'] }),
      requireAdminMfa: true,
    });
    try {
      provider.addAccount('newcomer', { email: 'newcomer@example.com', email_verified: true, name: 'New Comer', groups: ['site-staff'] });
      provider.signInAs('newcomer');
      const made = await finish((await signInAtProvider(mapped.app)).searchParams.get('sso') as string, mapped.app);
      expect(made.json()).toMatchObject({ role: 'store-user', token: expect.any(String) });
      const [row] = await queryRows<{ role: string; stores: number }>(
        mapped.database.db,
        sql`select u.role, (select count(*)::int from user_stores us where us.user_id = u.id) as stores from users u where u.email = 'newcomer@example.com'`,
      );
      expect(row).toEqual({ role: 'store-user', stores: 0 });

      // The claim is applied again at every sign-in: an admin now, who must set up a second factor first.
      provider.addAccount('newcomer', {
        email: 'newcomer@example.com',
        email_verified: true,
        name: 'New Comer',
        groups: ['stockyard-admins'],
      });
      const promoted = await finish((await signInAtProvider(mapped.app)).searchParams.get('sso') as string, mapped.app);
      expect(promoted.json()).toMatchObject({ mfaSetupRequired: true, mfaToken: expect.any(String) });
      expect(promoted.json()).not.toHaveProperty('token');
    } finally {
      await mapped.close();
    }
  });

  it("lets a second factor the provider checked count when trusted, and switches those people's passwords off with OIDC_ONLY", async () => {
    const trusting = await buildTestApp({ oidc: settings({ trustsProviderMfa: true, isOnly: true }), requireAdminMfa: true });
    try {
      // Admins here must set up a second factor before a session: made in the database, as none can sign in yet.
      const person = async (role: 'admin' | 'user') => {
        const email = `${unique(role)}@example.com`;
        await trusting.database.db.insert(users).values({ name: 'Ada', email, passwordHash: await hashPassword(PASSWORD), role });
        return email;
      };
      const staffThere = { admin: { email: await person('admin') }, keeper: { email: await person('user') } };
      provider.addAccount('admin-1', { email: staffThere.admin.email, email_verified: true, name: 'Ada Admin' });
      provider.signInAs('admin-1', ['pwd']);
      const withPasswordOnly = await finish((await signInAtProvider(trusting.app)).searchParams.get('sso') as string, trusting.app);
      expect(withPasswordOnly.json()).toMatchObject({ mfaSetupRequired: true });
      provider.signInAs('admin-1', ['pwd', 'mfa']);
      const withMfa = await finish((await signInAtProvider(trusting.app)).searchParams.get('sso') as string, trusting.app);
      expect(withMfa.json()).toMatchObject({ role: 'admin', token: expect.any(String) });

      const byPassword = await trusting.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: staffThere.admin.email, password: PASSWORD },
      });
      expect(byPassword.statusCode, byPassword.body).toBe(401);
      expect(byPassword.json().message).toBe('Sign in with your company account: password sign-in is switched off for you.');
      // Someone who never signed in through the provider still signs in with a password.
      const keeper = await trusting.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: staffThere.keeper.email, password: PASSWORD },
      });
      expect(keeper.statusCode).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it('sends the browser back to the login page, saying sign-in failed, while the provider cannot be reached', async () => {
    const unreachable = await buildTestApp({ oidc: settings({ issuer: 'http://127.0.0.1:9/realms/site' }) });
    try {
      const start = await unreachable.app.inject({ method: 'GET', url: '/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/?ssoError=failed');
    } finally {
      await unreachable.close();
    }
  });

  it('answers 404 for its calls when single sign-on is not set up', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/sign-in-options' })).json()).toEqual({ provider: null });
      expect((await plain.app.inject({ method: 'GET', url: '/auth/oidc/start' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
