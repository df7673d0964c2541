import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, createUser, PASSWORD } from '../../../test/factories';
import { queryRows } from '../../db/sql';
import { browserOf } from './sessions.presenter';

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('sessions: each person sees and ends their signed-in devices; admins anyone’s', () => {
  let t: TestApp;
  let staff: Staff;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
  });
  afterAll(() => t.close());

  async function signIn(email: string, userAgent: string, remoteAddress: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress,
      headers: { 'user-agent': userAgent },
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json().token;
  }
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
  const remove = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });

  it('tells browsers apart by their User-Agent', () => {
    expect(browserOf(PHONE)).toBe('Chrome on Android');
    expect(browserOf(DESKTOP)).toBe('Firefox on Windows');
    expect(browserOf(null)).toBe('Unknown browser');
    expect(browserOf('curl/8.5.0')).toBe('curl/8.5.0');
  });

  it('lists the caller’s sessions with browser, address, times and which one is theirs', async () => {
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const phone = await signIn(keeper.email, PHONE, '10.1.0.7');
    const desktop = await signIn(keeper.email, DESKTOP, '10.1.0.8');
    const response = await get('/api/auth/sessions', phone);
    expect(response.statusCode).toBe(200);
    const sessions = response.json();
    // The factory's sign-in, the phone and the desktop.
    expect(sessions).toHaveLength(3);
    const mine = sessions.filter((session: { current: boolean }) => session.current);
    expect(mine).toEqual([
      expect.objectContaining({
        browser: 'Chrome on Android',
        address: '10.1.0.7',
        lastUsedAt: expect.any(String),
        createdAt: expect.any(String),
      }),
    ]);
    expect(sessions).toContainEqual(expect.objectContaining({ browser: 'Firefox on Windows', address: '10.1.0.8', current: false }));
    expect((await get('/api/auth/sessions', desktop)).json().filter((s: { current: boolean }) => s.current)[0].browser).toBe(
      'Firefox on Windows',
    );
  });

  it('signs out one session, or every other one, and that token stops working at once', async () => {
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const phone = await signIn(keeper.email, PHONE, '10.2.0.1');
    const desktop = await signIn(keeper.email, DESKTOP, '10.2.0.2');
    const desktopId = (await get('/api/auth/sessions', desktop)).json().find((s: { current: boolean }) => s.current)._id;
    const one = await remove(`/api/auth/sessions/${desktopId}`, phone);
    expect(one.json()).toEqual({ message: 'Signed out 1 session.', signedOut: 1 });
    expect((await get('/api/auth/sessions', desktop)).statusCode).toBe(401);
    expect((await remove(`/api/auth/sessions/${desktopId}`, phone)).statusCode).toBe(404);
    // Another user's session is not found, never ended.
    const otherId = (await get('/api/auth/sessions', staff.keeper.token)).json()[0]._id;
    expect((await remove(`/api/auth/sessions/${otherId}`, phone)).statusCode).toBe(404);
    expect((await get('/api/auth/sessions', staff.keeper.token)).statusCode).toBe(200);

    const others = await post('/api/auth/sessions/sign-out-others', phone);
    expect(others.json()).toEqual({ message: 'Signed out 1 session.', signedOut: 1 });
    expect((await get('/api/auth/sessions', keeper.token)).statusCode).toBe(401);
    expect((await get('/api/auth/sessions', phone)).json()).toHaveLength(1);
  });

  it('lets an admin list and end any user’s sessions, and nobody else', async () => {
    const viewer = await createUser(t.app, staff.admin.token, { role: 'store-user', storeId: staff.store._id });
    await signIn(viewer.email, PHONE, '10.3.0.1');
    const listed = await get(`/api/users/${viewer._id}/sessions`, staff.admin.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(2);
    expect(listed.json().every((s: { current: boolean }) => !s.current)).toBe(true);
    const first = listed.json()[0]._id;
    expect((await remove(`/api/users/${viewer._id}/sessions/${first}`, staff.admin.token)).json().signedOut).toBe(1);
    expect((await post(`/api/users/${viewer._id}/sessions/sign-out-all`, staff.admin.token)).json().signedOut).toBe(1);
    expect((await get('/api/auth/sessions', viewer.token)).statusCode).toBe(401);
    expect((await get(`/api/users/${viewer._id}/sessions`, staff.keeper.token)).statusCode).toBe(403);
    expect((await post(`/api/users/${crypto.randomUUID()}/sessions/sign-out-all`, staff.admin.token)).statusCode).toBe(404);
  });

  it('writes sign-ins, sign-outs and a burst of failed sign-ins into the audit trail', async () => {
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const phone = await signIn(keeper.email, PHONE, '10.4.0.1');
    await post('/api/auth/sessions/sign-out-others', phone);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: `10.5.0.${attempt}`,
        payload: { email: keeper.email, password: 'not the password' },
      });
      expect(failed.statusCode).toBe(401);
    }
    const events = await queryRows<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
      t.database.db,
      sql`select action, actor_id, details from audit_events where entity_id = ${keeper._id} and action like 'sign%' order by at`,
    );
    expect(events.map((event) => event.action)).toEqual(['sign_in', 'sign_in', 'sign_out', 'sign_in_burst']);
    expect(events[1]?.details).toEqual({ address: '10.4.0.1', browser: 'Chrome on Android' });
    expect(events[2]).toMatchObject({ actor_id: keeper._id, details: { sessions: 1, kept: 'current' } });
    expect(events[3]).toMatchObject({ actor_id: null, details: { attempts: 11, windowMinutes: 15, lastAddress: '10.5.0.10' } });
  });
});
