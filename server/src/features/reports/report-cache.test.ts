import { randomBytes } from 'node:crypto';
import { KeeperReportResponseSchema } from '@stockyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, login, PASSWORD } from '../../../test/factories';
import { buildApp } from '../../app';
import { createReportCache } from './report-cache';
import { buildOrRefreshStoreReport, buildStoreReport, type KeptStoreReport } from './reports.repository';

let t: TestApp;
/** A second app on the same database: another process, with a cache of its own. */
let other: FastifyInstance;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let otherToken: string;
const today = new Date().toISOString().slice(0, 10);
const range = { start: `${today.slice(0, 8)}01`, end: today, timeZone: 'UTC' };

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildApp({ db: t.database.db, tokens: { secret: randomBytes(32), ttlSeconds: 3600, canCacheSessions: () => false } });
  await other.ready();
  staff = await createStoreWithStaff(t.app, t.database.db);
  otherToken = await login(other, staff.keeper.email, PASSWORD);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

function keeperReport(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: `/api/user/report?startDate=${range.start}&endDate=${range.end}`, headers: bearer(token) });
}

describe('a cached report is never stale', () => {
  it('builds once while nothing changes, and again after a movement, an edit or a new material', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    const cache = createReportCache<KeptStoreReport>();
    let builds = 0;
    const key = { storeId: staff.store._id, ...range };
    const rows = async () =>
      (
        await cache.report(t.database.db, key, (kept) => {
          builds += 1;
          return buildOrRefreshStoreReport(t.database.db, key, kept);
        })
      ).lines;
    const closing = async () => (await rows()).find((row) => row.id === cement._id)?.closing;

    expect(await closing()).toBe('50.000');
    expect(await closing()).toBe('50.000');
    expect(builds).toBe(1);

    // Recorded through another process: this cache sees it at once.
    const issued = await other.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(otherToken),
      payload: { productId: cement._id, quantity: 7 },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await closing()).toBe('43.000');
    expect(builds).toBe(2);

    const remarked = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${cement._id}`,
      headers: bearer(staff.keeper.token),
      payload: { remarks: 'Two bags torn' },
    });
    expect(remarked.statusCode, remarked.body).toBe(200);
    expect((await rows()).find((line) => line.id === cement._id)?.remarks).toBe('Two bags torn');
    expect(builds).toBe(3);

    const before = builds;
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    expect((await rows()).map((row) => row.id)).toContain(sand._id);
    expect(builds).toBe(before + 1);
  });

  it('brings a kept report up to date by reading only what changed, and equals one read whole', async () => {
    const own = await createStoreWithStaff(t.app, t.database.db);
    const made = [];
    for (const name of ['Bricks', 'Cement', 'Gravel', 'Lime', 'Sand']) {
      made.push(await createMaterial(t.app, own.keeper.token, { name, totalQuantity: 40 }));
    }
    const [bricks, cement, gravel, lime, sand] = made as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    const key = { storeId: own.store._id, ...range };
    const whole = () => buildStoreReport(t.database.db, key);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(own.keeper.token), payload }).then((r) => expect(r.statusCode, r.body).toBe(200));

    let kept = await buildOrRefreshStoreReport(t.database.db, key);
    expect(kept.lines).toEqual(await whole());

    // Two movements: their lines are read again, the other three kept as they were.
    await post('/api/user/consume-stock', { productId: cement._id, quantity: 7 });
    await post('/api/user/add-damaged-stock', { productId: sand._id, damagedQuantity: 2 });
    let next = await buildOrRefreshStoreReport(t.database.db, key, kept);
    expect(next.lines).toEqual(await whole());
    expect(next.lines.find((line) => line.id === cement._id)?.closing).toBe('33.000');
    for (const unchanged of [bricks, gravel, lime]) {
      const at = kept.lines.findIndex((line) => line.id === unchanged._id);
      expect(next.lines[at]).toBe(kept.lines[at]);
    }
    kept = next;

    // Nothing changed: every line kept.
    next = await buildOrRefreshStoreReport(t.database.db, key, kept);
    expect(next.lines.every((line, at) => line === kept.lines[at])).toBe(true);

    // A rename moves a line; an archive, a remark and a new material change lines too: each time equal to the whole report.
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-product/${bricks._id}`,
      headers: bearer(own.admin.token),
      payload: { name: 'Tiles' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    kept = await buildOrRefreshStoreReport(t.database.db, key, kept);
    expect(kept.lines).toEqual(await whole());
    expect(kept.lines.at(-1)?.name).toBe('Tiles');

    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/delete-product/${lime._id}`,
      headers: bearer(own.admin.token),
    });
    expect(archived.statusCode, archived.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/update-remarks/${gravel._id}`,
      headers: bearer(own.keeper.token),
      payload: { remarks: 'Wet' },
    });
    kept = await buildOrRefreshStoreReport(t.database.db, key, kept);
    expect(kept.lines).toEqual(await whole());
    expect(kept.lines.find((line) => line.id === gravel._id)?.remarks).toBe('Wet');

    await createMaterial(t.app, own.keeper.token, { name: 'Aggregate', totalQuantity: 5 });
    kept = await buildOrRefreshStoreReport(t.database.db, key, kept);
    expect(kept.lines).toEqual(await whole());
    expect(kept.lines[0]?.name).toBe('Aggregate');
  });

  it('builds one report for many asking at once, at most `concurrency` different ones at a time, resting three times as long as it builds', async () => {
    const cache = createReportCache<number>({ concurrency: 1, rest: 3, burst: 0 });
    let running = 0;
    let most = 0;
    let builds = 0;
    const spans: { start: number; end: number }[] = [];
    const slow = async () => {
      const start = performance.now();
      builds += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      spans.push({ start, end: performance.now() });
      return builds;
    };
    const key = (end: string) => ({ storeId: staff.store._id, start: range.start, end, timeZone: 'UTC' });
    await Promise.all([1, 2, 3, 4].map(() => cache.report(t.database.db, key(range.end), slow)));
    expect(builds).toBe(1);
    await Promise.all(['2026-01-01', '2026-01-02', '2026-01-03'].map((end) => cache.report(t.database.db, key(end), slow)));
    expect(builds).toBe(4);
    expect(most).toBe(1);
    // Each build waited three times the previous one's time after it ended (a little less for the timer's grain).
    for (let at = 1; at < spans.length; at += 1) {
      const previous = spans[at - 1] as { start: number; end: number };
      expect((spans[at]?.start as number) - previous.end).toBeGreaterThanOrEqual(3 * (previous.end - previous.start) - 5);
    }
  });

  it('answers over HTTP from either process with what the other just recorded', async () => {
    const rebar = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    const closingIn = async (app: FastifyInstance, token: string) => {
      const answer = await keeperReport(app, token);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      // Written once and kept, the answer still has the shape the route documents.
      const { data } = KeeperReportResponseSchema.parse(answer.json());
      return data.find((row) => row.materialId === rebar._id)?.currentAvailableQuantity;
    };
    expect(await closingIn(t.app, staff.keeper.token)).toBe(20);
    expect(await closingIn(other, otherToken)).toBe(20);
    await other.inject({
      method: 'POST',
      url: '/api/user/add-damaged-stock',
      headers: bearer(otherToken),
      payload: { productId: rebar._id, damagedQuantity: 4 },
    });
    expect(await closingIn(t.app, staff.keeper.token)).toBe(16);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: rebar._id, quantity: 1 },
    });
    expect(await closingIn(other, otherToken)).toBe(15);
  });
});
