import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff } from '../../../test/factories';

const METRICS_TOKEN = 'scraper-secret-token';
let t: TestApp;
let open: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  [t, open] = await Promise.all([buildTestApp({ metricsToken: METRICS_TOKEN }), buildTestApp()]);
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => Promise.all([t.close(), open.close()]));

async function scrape(app = t): Promise<string> {
  const response = await app.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one series in a scrape, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('asks for the metrics token when one is set, and is open when none is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer('another-token') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Send the metrics token as a bearer token.');
    expect((await open.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('counts requests by route pattern, method and status, and times them', async () => {
    const call = () => t.app.inject({ method: 'GET', url: `/api/materials/${randomUUID()}/reorder`, headers: bearer(staff.keeper.token) });
    const status = (await call()).statusCode;
    const labels = `{method="GET",route="/api/materials/:id/reorder",status="${status}"}`;
    const before = seriesValue(await scrape(), `stockyard_http_requests_total${labels}`) ?? 0;
    for (let count = 0; count < 3; count += 1) expect((await call()).statusCode).toBe(status);
    const text = await scrape();
    expect(seriesValue(text, `stockyard_http_requests_total${labels}`)).toBe(before + 3);
    expect(seriesValue(text, `stockyard_http_request_duration_seconds_count${labels}`)).toBe(before + 3);
    // The address itself is never a label: one series however many materials are asked for.
    expect(text).not.toMatch(/route="\/api\/materials\/[0-9a-f]{8}-/);
    expect(seriesValue(text, 'stockyard_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts refused and locked sign-ins', async () => {
    const before = seriesValue(await scrape(), 'stockyard_sign_in_failures_total{reason="refused"}') ?? 0;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: staff.keeper.email, password: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(401);
    expect(seriesValue(await scrape(), 'stockyard_sign_in_failures_total{reason="refused"}')).toBe(before + 1);
  });

  it('gives the backlog every process shares: parked phone ops, webhook deliveries and emails waiting', async () => {
    const material = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const parkedBefore = seriesValue(await scrape(), 'stockyard_backlog{queue="parked_ops"}');
    expect(parkedBefore).toBe(0);
    const op = {
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: material._id,
      quantity: 5,
      reason: '',
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
      storeId: staff.store._id,
    };
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/sync/movements',
      headers: bearer(staff.keeper.token),
      payload: { ops: [op] },
    });
    expect(sync.json().results[0].status).toBe('parked');
    const text = await scrape();
    expect(seriesValue(text, 'stockyard_backlog{queue="parked_ops"}')).toBe(1);
    expect(seriesValue(text, 'stockyard_backlog{queue="webhook_deliveries"}')).toBe(0);
    expect(seriesValue(text, 'stockyard_backlog{queue="notification_emails"}')).toBeGreaterThanOrEqual(0);
  });

  it('gives the PostgreSQL pool’s connections, and no such series on PGlite', async () => {
    const text = await scrape();
    if (t.database.driver === 'postgres') {
      expect(seriesValue(text, 'stockyard_db_pool_connections{state="open"}')).toBeGreaterThan(0);
      expect(seriesValue(text, 'stockyard_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('stockyard_db_pool_connections');
    }
  });
});

describe('request ids', () => {
  it('answers every request with an id, the one the load balancer sent when it is plain', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a"\\b} injected' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'lb-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb-404');
  });
});

describe('GET /api/ready', () => {
  it('is ready once the database holds every migration of this build, and says so when one is missing', async () => {
    const ready = await open.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await open.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const behind = await open.app.inject({ method: 'GET', url: '/api/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ status: 'migrating', message: 'The database is not yet up to date with this version of the app.' });
  });
});
