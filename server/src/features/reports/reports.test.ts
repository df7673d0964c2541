import { REPORT_QUANTITY_FIELDS, REPORT_VALUE_FIELDS } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createUser, recordAt } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

/**
 * A hand-built ledger around March 2026 (UTC):
 * A: opening 100 on 1 Jan; purchase 10 at the last second of 28 Feb; issue 20 at the first instant of
 *    1 Mar; delivery 30 on 15 Mar; return 5 on 20 Mar; damage 2 at the last second of 31 Mar; transfer 50 on 1 Apr.
 * B: opening 7 on 10 Mar (created inside the range).
 * C: opening 5 on 1 Jan, nothing after.
 * D: opening 9 on 1 May (after the range).
 * E: opening 4 on 2 Jan, archived in February.
 */
async function buildLedger(t: TestApp, staff: Staff) {
  const make = async (name: string) => createMaterial(t.app, staff.keeper.token, { name, totalQuantity: 0 });
  const [a, b, c, d, e] = await Promise.all([make('A cement'), make('B sand'), make('C gravel'), make('D tiles'), make('E paint')]);
  const db = t.database.db;
  const steps: [string, Parameters<typeof recordAt>[1]['kind'], number, string][] = [
    [a._id, 'opening', 100, '2026-01-01T10:00:00Z'],
    [a._id, 'purchase', 10, '2026-02-28T23:59:59Z'],
    [a._id, 'issue', 20, '2026-03-01T00:00:00Z'],
    [a._id, 'delivery', 30, '2026-03-15T12:00:00Z'],
    [a._id, 'return', 5, '2026-03-20T08:00:00Z'],
    [a._id, 'damage', 2, '2026-03-31T23:59:59Z'],
    [a._id, 'transfer_in', 50, '2026-04-01T00:00:00Z'],
    [b._id, 'opening', 7, '2026-03-10T09:00:00Z'],
    [c._id, 'opening', 5, '2026-01-01T10:00:00Z'],
    [d._id, 'opening', 9, '2026-05-01T10:00:00Z'],
    [e._id, 'opening', 4, '2026-01-02T10:00:00Z'],
  ];
  for (const [itemId, kind, quantity, at] of steps) {
    expect(await recordAt(db, { itemId, kind, quantity, at })).toBe(true);
  }
  // D did not exist before May; E was archived in February.
  await db.execute(sql`update materials set created_at = '2026-05-01T10:00:00Z' where id = ${d._id}`);
  await db.execute(sql`update materials set created_at = '2026-01-02T10:00:00Z', deleted_at = '2026-02-10T00:00:00Z' where id = ${e._id}`);
  return { a, b, c, d, e };
}

function report(t: TestApp, token: string, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/user/report?${query}`, headers: bearer(token) });
}

describe('store reports from the ledger (UTC)', () => {
  let t: TestApp;
  let staff: Staff;
  let items: Awaited<ReturnType<typeof buildLedger>>;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
    items = await buildLedger(t, staff);
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    await t.close();
  });

  it('computes every column of March by hand, boundary seconds included', async () => {
    const response = await report(t, staff.keeper.token, 'startDate=2026-03-01&endDate=2026-03-31');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data;
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['A cement', 'B sand', 'C gravel']);
    expect(rows[0]).toEqual({
      materialId: items.a._id,
      name: 'A cement',
      categoryname: 'Binders',
      materialname: 'N/A',
      materialName: 'N/A',
      size: '50 kg',
      unit: 'bag',
      previousQuantity: 110,
      restockedQuantity: 30,
      transferQuantity: 0,
      transferredInQuantity: 0,
      consumedQuantity: 20,
      damagedQuantity: 2,
      refundQuantity: 5,
      transferredOutQuantity: 0,
      returnedToSupplierQuantity: 0,
      adjustmentQuantity: 0,
      currentAvailableQuantity: 123,
      // Recorded with no unit cost in a store that never had it: unvalued.
      openingValue: '0.00',
      valueIn: '0.00',
      valueOut: '0.00',
      closingValue: '0.00',
      restockDate: '2026-03-15',
      remarks: null,
      storeName: staff.store.name,
    });
    expect(rows[1]).toMatchObject({ previousQuantity: 7, currentAvailableQuantity: 7, restockDate: null });
    expect(rows[2]).toMatchObject({ previousQuantity: 5, restockedQuantity: 0, consumedQuantity: 0, currentAvailableQuantity: 5 });
  });

  it('shows a return of an earlier issue under Return with Consumed 0, never a negative consumption', async () => {
    const rows = (await report(t, staff.keeper.token, 'startDate=2026-03-16&endDate=2026-03-25')).json().data;
    // A in 16–25 March: only the return of 5 (its issue was on 1 March).
    expect(rows[0]).toMatchObject({
      name: 'A cement',
      previousQuantity: 120,
      consumedQuantity: 0,
      refundQuantity: 5,
      currentAvailableQuantity: 125,
    });
  });

  it("carries March's closing into April's opening", async () => {
    const rows = (await report(t, staff.keeper.token, 'startDate=2026-04-01&endDate=2026-04-01')).json().data;
    expect(rows[0]).toMatchObject({ name: 'A cement', previousQuantity: 123, transferQuantity: 50, currentAvailableQuantity: 173 });
  });

  it('shows an archived material only for ranges it was alive in', async () => {
    const january = (await report(t, staff.keeper.token, 'startDate=2026-01-01&endDate=2026-01-31')).json().data;
    expect(january.map((row: { name: string }) => row.name)).toEqual(['A cement', 'C gravel', 'E paint']);
    expect(january[2]).toMatchObject({ previousQuantity: 4, currentAvailableQuantity: 4 });
  });

  it('serves the admin any store by name, as an array', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/report/generate-report?storeName=${encodeURIComponent(staff.store.name.toUpperCase())}&startDate=2026-03-01&endDate=2026-03-31`,
      headers: bearer(staff.admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(3);
    expect(response.json()[0].currentAvailableQuantity).toBe(123);
  });

  it.each([
    ['endDate=2026-03-31', 'Please select both Start Date and End Date.'],
    ['startDate=2026-03-01', 'Please select both Start Date and End Date.'],
    ['startDate=2026-03-31&endDate=2026-03-01', 'The start date must be on or before the end date.'],
    ['startDate=2026-02-30&endDate=2026-03-01', 'Please enter a valid date (YYYY-MM-DD).'],
    ['startDate=March&endDate=2026-03-01', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('returns 400 for %s', async (query, message) => {
    const response = await report(t, staff.keeper.token, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('returns 404 for an unknown store, 400 without one, 403 for a keeper on the admin report', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/report/generate-report?storeName=Nowhere&startDate=2026-03-01&endDate=2026-03-31',
      headers: bearer(staff.admin.token),
    });
    expect(unknown.statusCode).toBe(404);
    const noStore = await t.app.inject({
      method: 'GET',
      url: '/api/report/generate-report?startDate=2026-03-01&endDate=2026-03-31',
      headers: bearer(staff.admin.token),
    });
    expect(noStore.statusCode).toBe(400);
    expect(noStore.json().message).toBe('Please select a store and date range.');
    const keeper = await t.app.inject({
      method: 'GET',
      url: `/api/report/generate-report?storeId=${staff.store._id}&startDate=2026-03-01&endDate=2026-03-31`,
      headers: bearer(staff.keeper.token),
    });
    expect(keeper.statusCode).toBe(403);
    expect((await report(t, staff.storeUser.token, 'startDate=2026-03-01&endDate=2026-03-31')).statusCode).toBe(403);
  });

  it("answers {data: []} for a keeper's store without materials, and refuses another store", async () => {
    const empty = await createStore(t.app, staff.admin.token);
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: empty._id });
    const response = await report(t, keeper.token, 'startDate=2026-03-01&endDate=2026-03-31');
    const zeros = [...REPORT_QUANTITY_FIELDS.map((field) => [field, 0]), ...REPORT_VALUE_FIELDS.map((field) => [field, '0.00'])];
    expect(response.json()).toEqual({ data: [], totals: Object.fromEntries(zeros), totalsByUnit: [] });
    expect((await report(t, keeper.token, `storeId=${staff.store._id}&startDate=2026-03-01&endDate=2026-03-31`)).statusCode).toBe(403);
  });
});

describe('store reports across a time-zone edge (Asia/Kolkata, UTC+05:30)', () => {
  let t: TestApp;
  let staff: Staff;

  beforeAll(async () => {
    t = await buildTestApp({ timeZone: 'Asia/Kolkata' });
    staff = await createStoreWithStaff(t.app, t.database.db);
    await buildLedger(t, staff);
  });
  afterAll(() => t.close());

  it('counts days in the local calendar', async () => {
    const rows = (await report(t, staff.keeper.token, 'startDate=2026-03-01&endDate=2026-03-31')).json().data;
    // 28 Feb 23:59:59 UTC is 1 Mar 05:29 in Kolkata: inside. 31 Mar 23:59:59 UTC is 1 Apr: outside.
    expect(rows[0]).toMatchObject({
      name: 'A cement',
      previousQuantity: 100,
      restockedQuantity: 40,
      consumedQuantity: 20,
      damagedQuantity: 0,
      currentAvailableQuantity: 125,
      restockDate: '2026-03-15',
    });
  });
});

describe('a material entered after the range with stock dated before it', () => {
  it('is in the report of that range, and not in the report of a range before its first line', async () => {
    const t = await buildTestApp();
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const late = await createMaterial(t.app, staff.keeper.token, { name: 'F rebar', totalQuantity: 0 });
    expect(await recordAt(t.database.db, { itemId: late._id, kind: 'opening', quantity: 3, at: '2026-02-01T10:00:00Z' })).toBe(true);
    await t.database.db.execute(sql`update materials set created_at = '2026-06-01T10:00:00Z' where id = ${late._id}`);
    const march = (await report(t, staff.keeper.token, 'startDate=2026-03-01&endDate=2026-03-31')).json().data;
    expect(march).toMatchObject([{ name: 'F rebar', previousQuantity: 3, currentAvailableQuantity: 3 }]);
    const january = await report(t, staff.keeper.token, 'startDate=2026-01-01&endDate=2026-01-31');
    expect(january.json().data ?? []).toEqual([]);
    await t.close();
  });
});

describe('a store with more materials than one report slice', () => {
  let t: TestApp;
  let staff: Staff;

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    await t.close();
  });

  it('reports every material once, in name order, with the numbers of each', async () => {
    const db = t.database.db;
    // 1,203 materials created in January, names in mixed case so the order must ignore it.
    await db.execute(sql`insert into materials (store_id, name, created_at)
      select ${staff.store._id}, (case when i % 2 = 0 then 'item ' else 'Item ' end) || lpad(i::text, 5, '0'), '2026-01-01T00:00:00Z'
      from generate_series(1, 1203) i`);
    const ids = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from materials where store_id = ${staff.store._id} order by lower(name), id`,
    );
    const moved = [0, 499, 500, 501, 1000, 1202].map((index) => ids[index] as { id: string; name: string });
    for (const [n, item] of moved.entries()) {
      expect(await recordAt(db, { itemId: item.id, kind: 'opening', quantity: 100 + n, at: '2026-01-05T10:00:00Z' })).toBe(true);
      expect(await recordAt(db, { itemId: item.id, kind: 'issue', quantity: n + 1, at: '2026-03-10T10:00:00Z' })).toBe(true);
      expect(await recordAt(db, { itemId: item.id, kind: 'purchase', quantity: 7, at: '2026-04-02T10:00:00Z' })).toBe(true);
    }

    const response = await report(t, staff.keeper.token, 'startDate=2026-03-01&endDate=2026-03-31');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as {
      materialId: string;
      name: string;
      previousQuantity: number;
      consumedQuantity: number;
      currentAvailableQuantity: number;
      restockedQuantity: number;
    }[];
    expect(rows.map((row) => row.materialId)).toEqual(ids.map((item) => item.id));
    for (const [n, item] of moved.entries()) {
      const row = rows.find((r) => r.materialId === item.id);
      expect(row).toMatchObject({
        previousQuantity: 100 + n,
        consumedQuantity: n + 1,
        restockedQuantity: 0,
        currentAvailableQuantity: 100 + n - (n + 1),
      });
    }
    const still = rows.filter((row) => !moved.some((item) => item.id === row.materialId));
    expect(still.every((row) => row.previousQuantity === 0 && row.currentAvailableQuantity === 0)).toBe(true);
  });
});
