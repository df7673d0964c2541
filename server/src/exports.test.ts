import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool } from '../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
/** More than two pages of 500, so an export must read three. */
const MANY = 1203;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  // Quantities stay 0, so the ledger needs no rows for them.
  await t.database.db.execute(
    sql`insert into materials (store_id, name) select ${staff.store._id}, 'Bulk ' || lpad(g::text, 5, '0') from generate_series(1, ${MANY}) g`,
  );
  const cement = await createMaterial(t.app, staff.keeper.token, { name: '=HYPERLINK("http://evil.example","Cement")', totalQuantity: 40 });
  await t.app.inject({
    method: 'POST',
    url: '/api/user/consume-stock',
    headers: bearer(staff.keeper.token),
    payload: { productId: cement._id, quantity: 3 },
  });
  await createTool(t.app, staff.keeper.token, { name: 'Hilti drill TE 30', totalQuantity: 2 });
});
afterAll(() => t.close());

function get(url: string, token = staff.admin.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** A CSV answer read as a spreadsheet would: the BOM, then a header line and the rows. */
function sheetOf(body: string): { header: string[]; rows: Record<string, string>[] } {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(body.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { header: parsed.meta.fields ?? [], rows: parsed.data };
}

describe('every list screen exports what its filters show as CSV', () => {
  it('has an export beside each list, answering CSV with a header line to the roles that may read the list', async () => {
    // Reports come as files of their own (store reports, the valuation, a job's cost), each tested beside its report.
    const reportFiles = ['/api/valuation/csv', '/api/jobs/:id/cost/csv'];
    const exports = t.routes
      .filter(
        (route) =>
          route.method === 'GET' && route.url.endsWith('/csv') && !route.url.includes('report') && !reportFiles.includes(route.url),
      )
      .map((route) => route.url);
    expect(exports.sort()).toEqual(
      [
        '/api/all-inventory/csv',
        '/api/audit/csv',
        '/api/auth/fetch-users/csv',
        '/api/custody/csv',
        '/api/low-stock/csv',
        '/api/movements/csv',
        '/api/products/csv',
        '/api/stores/csv',
        '/api/supply/all/csv',
        '/api/tools/csv',
        '/api/transfers/csv',
        '/api/workers/csv',
      ].sort(),
    );
    for (const url of exports) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+\.csv"$/);
      expect(sheetOf(response.body).header.length, url).toBeGreaterThan(3);
    }
    // A store user reads materials and tools, and no more.
    expect((await get('/api/products/csv', staff.storeUser.token)).statusCode).toBe(200);
    for (const url of ['/api/movements/csv', '/api/auth/fetch-users/csv', '/api/audit/csv', '/api/transfers/csv']) {
      expect((await get(url, staff.storeUser.token)).statusCode, url).toBe(403);
    }
  });

  it('streams every row of a long list once, across pages, and defuses cells a spreadsheet would run', async () => {
    const { rows } = sheetOf((await get('/api/products/csv')).body);
    expect(rows).toHaveLength(MANY + 1);
    const names = rows.map((row) => row.Name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name?.startsWith('Bulk '))).toHaveLength(MANY);
    const cement = rows.find((row) => row.Name?.includes('HYPERLINK'));
    expect(cement).toMatchObject({
      Name: '\'=HYPERLINK("http://evil.example","Cement")',
      'Available Quantity': '37',
      Consumed: '3',
      Store: staff.store.name,
    });
  });

  it('keeps to the filters and the caller’s stores', async () => {
    const search = sheetOf((await get('/api/products/csv?q=Bulk%2000012')).body);
    expect(search.rows.map((row) => row.Name)).toEqual(['Bulk 00012']);

    const other = await createStore(t.app, staff.admin.token);
    await createMaterial(t.app, staff.admin.token, { storeId: other._id, name: 'Elsewhere sand', totalQuantity: 1 });
    const keepers = sheetOf((await get('/api/products/csv', staff.keeper.token)).body);
    expect(keepers.rows.map((row) => row.Name)).not.toContain('Elsewhere sand');
    // Named outright, another store's list is as empty as on the screen.
    expect(sheetOf((await get(`/api/products/csv?storeId=${other._id}`, staff.keeper.token)).body).rows).toEqual([]);
    expect(sheetOf((await get(`/api/products/csv?storeId=${other._id}`)).body).rows.map((row) => row.Name)).toEqual(['Elsewhere sand']);

    const movements = sheetOf((await get('/api/movements/csv?limit=1', staff.keeper.token)).body);
    expect(movements.rows.map((row) => [row.Movement, row.Quantity])).toEqual(
      expect.arrayContaining([
        ['Issued', '3'],
        ['Opening stock', '40'],
      ]),
    );
  });
});
