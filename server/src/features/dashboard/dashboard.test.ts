import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, recordAt } from '../../../test/factories';
import { queryRows } from '../../db/sql';

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
/** The Monday (YYYY-MM-DD) of a day's week. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

describe('GET /api/dashboard: figures from the ledger for the stores the caller may see', () => {
  let t: TestApp;
  let staff: Staff;
  const ids: Record<'cement' | 'sand' | 'steel', string> = { cement: '', sand: '', steel: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
    const other = await createStore(t.app, staff.admin.token, { name: 'Other yard' });
    ids.cement = (await createMaterial(t.app, staff.keeper.token, { name: 'Cement', totalQuantity: 0, unit: 'bag' }))._id;
    ids.sand = (await createMaterial(t.app, staff.keeper.token, { name: 'Sand', totalQuantity: 0, unit: 'm3' }))._id;
    ids.steel = (await createMaterial(t.app, staff.admin.token, { name: 'Steel', totalQuantity: 0, storeId: other._id }))._id;
    const steps: [string, Parameters<typeof recordAt>[1]['kind'], number, number][] = [
      [ids.cement, 'opening', 100, 90],
      [ids.cement, 'issue', 10, 1],
      [ids.cement, 'issue', 5, 20],
      // Outside the 30 days, inside the 12 weeks.
      [ids.cement, 'issue', 7, 40],
      // Outside the 12 weeks.
      [ids.cement, 'issue', 4, 88],
      [ids.cement, 'damage', 3, 2],
      [ids.sand, 'opening', 50, 90],
      [ids.sand, 'issue', 20, 3],
      [ids.sand, 'damage', 1, 3],
      [ids.sand, 'return', 2, 2],
      [ids.steel, 'opening', 100, 90],
      [ids.steel, 'issue', 50, 1],
      [ids.steel, 'damage', 5, 1],
    ];
    for (const [itemId, kind, quantity, ago] of steps) {
      expect(await recordAt(t.database.db, { itemId, kind, quantity, at: `${daysAgo(ago)}T00:30:00Z` })).toBe(true);
    }
  });
  afterAll(() => t.close());

  const dashboard = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/dashboard${query}`, headers: bearer(token) });

  it("gives a keeper their store's most issued materials, the first one's weeks, and its damage share", async () => {
    const response = await dashboard(staff.keeper.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.since).toBe(daysAgo(29));
    expect(body.topConsumed).toEqual([
      { materialId: ids.sand, name: 'Sand', unit: 'm3', storeName: staff.store.name, quantity: 20 },
      { materialId: ids.cement, name: 'Cement', unit: 'bag', storeName: staff.store.name, quantity: 15 },
    ]);
    expect(body.weekly.materialId).toBe(ids.sand);
    expect(body.damageShare).toEqual([{ storeId: staff.store._id, storeName: staff.store.name, issued: 35, damaged: 4, share: 4 / 35 }]);
  });

  it('puts each issue of the chosen material in its week, over the last 12 weeks', async () => {
    const body = (await dashboard(staff.keeper.token, `?materialId=${ids.cement}`)).json();
    const weeks: { weekStart: string; quantity: number }[] = body.weekly.weeks;
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)?.weekStart).toBe(mondayOf(daysAgo(0)));
    const expected = new Map<string, number>();
    for (const [quantity, ago] of [
      [10, 1],
      [5, 20],
      [7, 40],
    ] as const) {
      const week = mondayOf(daysAgo(ago));
      expected.set(week, (expected.get(week) ?? 0) + quantity);
    }
    for (const week of weeks) expect(week.quantity, week.weekStart).toBe(expected.get(week.weekStart) ?? 0);
    expect(weeks.reduce((sum, week) => sum + week.quantity, 0)).toBe(22);
  });

  it("shows the admin every store, and refuses a keeper another store's material and a store user", async () => {
    const admin = (await dashboard(staff.admin.token)).json();
    expect(admin.topConsumed.map((row: { name: string }) => row.name).slice(0, 3)).toEqual(['Steel', 'Sand', 'Cement']);
    expect(admin.damageShare.find((row: { storeName: string }) => row.storeName === 'Other yard')).toMatchObject({
      issued: 50,
      damaged: 5,
      share: 0.1,
    });
    expect((await dashboard(staff.keeper.token, `?materialId=${ids.steel}`)).statusCode).toBe(404);
    expect((await dashboard(staff.storeUser.token)).statusCode).toBe(403);
    expect((await dashboard(staff.keeper.token, '?materialId=nope')).statusCode).toBe(400);
  });

  it('warns admins, and nobody else, of an account someone tried to guess this week', async () => {
    expect((await dashboard(staff.admin.token)).json().signInBursts).toEqual([]);
    const email = (await queryRows<{ email: string }>(t.database.db, sql`select email from users where role = 'user' limit 1`))[0]?.email;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: `10.9.0.${attempt}`,
        payload: { email, password: 'wrong guess' },
      });
      expect(failed.statusCode).toBe(401);
    }
    expect((await dashboard(staff.admin.token)).json().signInBursts).toEqual([
      { userName: 'Pat Keeper', at: expect.any(String), lastAddress: '10.9.0.10' },
    ]);
    expect((await dashboard(staff.keeper.token)).json().signInBursts).toEqual([]);
  });

  it("gives those who see costs each store's stock value and the open jobs' consumption, both sums of the ledger", async () => {
    const post = (url: string, payload: object, token = staff.admin.token) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const job = (await post('/api/jobs', { code: 'DASH-1', name: 'Podium', storeIds: [staff.store._id], budget: '500' })).json().job;
    const rebar = await createMaterial(t.app, staff.keeper.token, { name: 'Rebar', totalQuantity: 10, unitCost: '7.25' } as never);
    const issued = await post('/api/user/consume-stock', { productId: rebar._id, quantity: 4, jobId: job._id }, staff.keeper.token);
    expect(issued.statusCode, issued.body).toBe(200);

    const body = (await dashboard(staff.keeper.token)).json();
    const valuation = (
      await t.app.inject({ method: 'GET', url: `/api/valuation?storeId=${staff.store._id}`, headers: bearer(staff.keeper.token) })
    ).json();
    expect(body.stockValue).toEqual([{ storeId: staff.store._id, storeName: staff.store.name, value: valuation.totals.value }]);
    expect(valuation.totals.value).toBe('43.50');
    const cost = (await t.app.inject({ method: 'GET', url: `/api/jobs/${job._id}/cost`, headers: bearer(staff.keeper.token) })).json();
    expect(body.jobs).toEqual([
      { jobId: job._id, code: 'DASH-1', name: 'Podium', monthValue: cost.total, totalValue: cost.total, budget: '500.00' },
    ]);
    expect(cost.total).toBe('29.00');
    // Closed, the job leaves the dashboard.
    await t.app.inject({ method: 'PUT', url: `/api/jobs/${job._id}`, headers: bearer(staff.admin.token), payload: { isActive: false } });
    expect((await dashboard(staff.keeper.token)).json().jobs).toEqual([]);
  });
});
