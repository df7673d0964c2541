import { randomBytes } from 'node:crypto';
import { KeeperReportResponseSchema } from '@stockyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, login, PASSWORD } from '../../../test/factories';
import { buildApp } from '../../app';
import { createReportCache } from './report-cache';
import type { ReportLine } from './reports.presenter';
import { buildStoreReport } from './reports.repository';

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
    const cache = createReportCache<ReportLine>();
    let builds = 0;
    const key = { storeId: staff.store._id, ...range };
    const rows = () =>
      cache.rows(t.database.db, key, () => {
        builds += 1;
        return buildStoreReport(t.database.db, key);
      });
    const closing = async () => (await rows()).find((row) => row.id === cement._id)?.closing;

    expect(await closing()).toBe(50);
    expect(await closing()).toBe(50);
    expect(builds).toBe(1);

    // Recorded through another process: this cache sees it at once.
    const issued = await other.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(otherToken),
      payload: { productId: cement._id, quantity: 7 },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await closing()).toBe(43);
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

  it('builds one report for many asking at once, and at most `concurrency` different ones at a time', async () => {
    const cache = createReportCache<number>({ concurrency: 1 });
    let running = 0;
    let most = 0;
    let builds = 0;
    const slow = async () => {
      builds += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      return [builds];
    };
    const key = (end: string) => ({ storeId: staff.store._id, start: range.start, end, timeZone: 'UTC' });
    await Promise.all([1, 2, 3, 4].map(() => cache.rows(t.database.db, key(range.end), slow)));
    expect(builds).toBe(1);
    await Promise.all(['2026-01-01', '2026-01-02', '2026-01-03'].map((end) => cache.rows(t.database.db, key(end), slow)));
    expect(builds).toBe(4);
    expect(most).toBe(1);
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
