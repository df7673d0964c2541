import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';
import { type World, WRITE_CASES, type WriteRequest } from '../test/write-cases';
import { queryRows } from './db/sql';

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
  it('each has a case to race, or is exempt from keys with its reason: a new route without one fails here', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.filter((route) => !(route in WRITE_CASES))).toEqual([]);
    expect(Object.keys(WRITE_CASES).filter((name) => !routes.includes(name))).toEqual([]);
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
