import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createStoreWithStaff } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const MANY = 60;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  const db = t.database.db;
  // More rows than a default page of every list; quantities stay 0, so the ledger needs no rows.
  await db.execute(sql`insert into stores (name, location) select 'Store ' || g, 'Yard' from generate_series(1, ${MANY}) g`);
  await db.execute(
    sql`insert into materials (store_id, name) select ${staff.store._id}, 'Material ' || g from generate_series(1, ${MANY}) g`,
  );
  await db.execute(sql`insert into tools (store_id, name) select ${staff.store._id}, 'Tool ' || g from generate_series(1, ${MANY}) g`);
  await db.execute(
    sql`insert into users (name, email, password_hash, role) select 'User ' || g, 'user' || g || '@example.com', 'x', 'user' from generate_series(1, ${MANY}) g`,
  );
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function get(url: string, token = staff.admin.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** Each list call, the rows of its answer, and how many rows the fixture gives it. */
const lists: [string, (body: never) => unknown[], number][] = [
  ['/api/products', (body: unknown[]) => body, MANY],
  ['/api/user/get-product', (body: unknown[]) => body, MANY],
  [`/api/stock?storeId=STORE`, (body: unknown[]) => body, MANY],
  ['/api/tools/view-tools', (body: { tools: unknown[] }) => body.tools, MANY],
  ['/api/user/get-tools', (body: unknown[]) => body, MANY],
  ['/api/stores', (body: unknown[]) => body, MANY + 1],
  ['/api/supply/track-supplies', (body: unknown[]) => body, MANY + 1],
  ['/api/auth/fetch-users', (body: { users: unknown[] }) => body.users, MANY + 3],
  ['/api/all-inventory', (body: unknown[]) => body, 0],
  ['/api/supply/all', (body: unknown[]) => body, 0],
  ['/api/movements', (body: { movements: unknown[] }) => body.movements, 0],
];

describe('every list call', () => {
  it.each(lists)('%s answers 50 rows unless asked for more, with the total in X-Total-Count', async (path, rowsOf, total) => {
    const url = path.replace('STORE', staff.store._id);
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(rowsOf(first.json() as never)).toHaveLength(Math.min(total, 50));
    expect(first.headers['x-total-count']).toBe(String(total));
    const separator = url.includes('?') ? '&' : '?';
    const all = await get(`${url}${separator}limit=500`);
    expect(rowsOf(all.json() as never)).toHaveLength(total);
    expect(all.headers['x-total-count']).toBe(String(total));
    const tooMany = await get(`${url}${separator}limit=501`);
    expect(tooMany.statusCode).toBe(400);
  });

  it('pages the audit trail the same way', async () => {
    const response = await get('/api/audit?limit=501');
    expect(response.statusCode).toBe(400);
    const page = await get('/api/audit');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(page.json().total));
  });

  it("pages a store's stock in name order, with no row twice across pages", async () => {
    const ids = new Set<string>();
    for (const offset of [0, 50]) {
      const page = await get(`/api/stock?storeId=${staff.store._id}&offset=${offset}`, staff.keeper.token);
      for (const row of page.json() as { id: string }[]) ids.add(row.id);
    }
    expect(ids.size).toBe(MANY);
  });
});
