import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';
import { type World, WRITE_CASES, type WriteRequest } from '../test/write-cases';
import { queryRows } from './db/sql';

/**
 * Write routes this suite does not race yet: each still needs a case in test/write-cases.ts. A route
 * in neither list fails the suite, so no new write route goes unraced.
 */
const NOT_YET_RACED = new Set([
  'DELETE /api/auth/delete-user/:id',
  'DELETE /api/auth/sessions/:id',
  'DELETE /api/delete-inventory/:id',
  'DELETE /api/materials/:id/reorder',
  'DELETE /api/products/delete-product/:id',
  'DELETE /api/stores/:id/lock',
  'DELETE /api/stores/delete/:id',
  'DELETE /api/tokens/:id',
  'DELETE /api/users/:id/sessions/:sessionId',
  'PATCH /api/custody/:id',
  'POST /api/add-inventory',
  'POST /api/auth/mfa/confirm',
  'POST /api/auth/mfa/enroll',
  'POST /api/auth/sessions/sign-out-others',
  'POST /api/cost-codes/import',
  'POST /api/counts',
  'POST /api/counts/:id/cancel',
  'POST /api/counts/:id/post',
  'POST /api/counts/:id/submit',
  'POST /api/custody/:id/return',
  'POST /api/imports',
  'POST /api/imports/preview',
  'POST /api/labels/sheet',
  'POST /api/movements/:id/reverse',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'POST /api/stock-requests',
  'POST /api/stock-requests/:id/approve',
  'POST /api/stock-requests/:id/cancel',
  'POST /api/stock-requests/:id/reject',
  'POST /api/supply/add',
  'POST /api/sync/movements',
  'POST /api/sync/parked/:id/apply',
  'POST /api/sync/parked/:id/discard',
  'POST /api/tokens',
  'POST /api/tools/:id/checkout',
  'POST /api/transfers',
  'POST /api/transfers/:id/cancel',
  'POST /api/transfers/:id/close',
  'POST /api/transfers/:id/dispatch',
  'POST /api/transfers/:id/receive',
  'POST /api/users/:id/sessions/sign-out-all',
  'PUT /api/counts/:id/lines/:itemId',
  'PUT /api/jobs/:id',
  'PUT /api/settings',
  'PUT /api/stores/:id/lock',
  'PUT /api/supply/:id',
  'PUT /api/update-inventory/:id',
  'PUT /api/workers/:id',
]);

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildTestApp();
  world = { ...(await createStoreWithStaff(t.app, t.database.db)), app: t.app, db: t.database.db };
  // The store's first material and tool start its item counts: every case after adds to them alike.
  await createMaterial(t.app, world.keeper.token);
  await createTool(t.app, world.keeper.token);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function writeRoutes(): string[] {
  return t.routes
    .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
    .filter((name) => /^(POST|PUT|PATCH|DELETE) \/(api|auth)\//.test(name));
}

/** How many rows each table holds: what a request did, whatever tables it wrote. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts = await queryRows<Record<string, number>>(
    t.database.db,
    sql.raw(`select ${tables.map(({ name }) => `(select count(*)::int from "${name}") as "${name}"`).join(', ')}`),
  );
  return counts[0] ?? {};
}

/** The rows a piece of work added or removed, per table; tables it left alone are left out. */
async function rowsChangedBy(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await rowCounts();
  await work();
  const after = await rowCounts();
  return Object.fromEntries(
    Object.entries(after)
      .map(([table, n]) => [table, n - (before[table] ?? 0)] as const)
      .filter(([, change]) => change !== 0),
  );
}

function send(request: WriteRequest, key?: string) {
  const headers = { ...bearer(request.token), ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({ method: request.method, url: request.url, headers, ...(request.payload ? { payload: request.payload } : {}) });
}

function twentyAtOnce(request: WriteRequest, key?: string) {
  return Promise.all(Array.from({ length: 20 }, () => send(request, key)));
}

describe('the write routes', () => {
  it('each has a case to race, or is exempt from keys with its reason, or is listed as not yet raced', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(70);
    const listed = new Set([...Object.keys(WRITE_CASES), ...NOT_YET_RACED]);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((name) => !routes.includes(name))).toEqual([]);
    expect(Object.keys(WRITE_CASES).filter((name) => NOT_YET_RACED.has(name))).toEqual([]);
  });
});

for (const [name, entry] of Object.entries(WRITE_CASES)) {
  if ('exempt' in entry) continue;
  describe(name, () => {
    it('sent 20 times at once under one Idempotency-Key, has the effect of one and gives all the same answer', async () => {
      const once = await entry.fresh(world);
      const raced = await entry.fresh(world);
      const onceAnswer = { status: 0 };
      const effectOfOne = await rowsChangedBy(async () => {
        onceAnswer.status = (await send(once, randomUUID())).statusCode;
      });
      expect(onceAnswer.status).toBeLessThan(300);
      const key = randomUUID();
      let answers: Awaited<ReturnType<typeof twentyAtOnce>> = [];
      const effectOfTwenty = await rowsChangedBy(async () => {
        answers = await twentyAtOnce(raced, key);
      });
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => onceAnswer.status));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(effectOfTwenty).toEqual(effectOfOne);
      const again = await send(raced, key);
      expect(again.statusCode).toBe(onceAnswer.status);
      expect(again.body).toBe(answers[0]?.body);
    });

    if (entry.isUnique) {
      it('sent 20 times at once without a key, makes its record once and refuses the rest clearly', async () => {
        const once = await entry.fresh(world);
        const effectOfOne = await rowsChangedBy(() => send(once));
        const raced = await entry.fresh(world);
        let answers: Awaited<ReturnType<typeof twentyAtOnce>> = [];
        const effectOfTwenty = await rowsChangedBy(async () => {
          answers = await twentyAtOnce(raced);
        });
        const statuses = answers.map((answer) => answer.statusCode);
        expect(statuses.filter((status) => status >= 500)).toEqual([]);
        expect(statuses.filter((status) => status < 300).length).toBeGreaterThanOrEqual(1);
        expect(statuses.filter((status) => status >= 300 && status !== 409)).toEqual([]);
        expect(effectOfTwenty).toEqual(effectOfOne);
      });
    }
  });
}
