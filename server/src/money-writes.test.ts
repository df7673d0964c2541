import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';
import { queryRows } from './db/sql';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

type Send = { method: 'POST' | 'PUT'; url: string; payload: object };

/** 20 requests at once: the same one under one Idempotency-Key, or each its own without a key. */
function twentyAtOnce(make: (i: number) => Send, key?: string) {
  const headers = { ...bearer(staff.admin.token), ...(key ? { 'idempotency-key': key } : {}) };
  return Promise.all(
    Array.from({ length: 20 }, (_, i) => {
      const { method, url, payload } = make(i);
      return t.app.inject({ method, url, headers, payload });
    }),
  );
}

function tally(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
  return counts;
}

function expectOneAnswer(answers: Awaited<ReturnType<typeof twentyAtOnce>>, status: number) {
  expect(tally(answers)).toEqual({ [status]: 20 });
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, query);
  return row?.n ?? 0;
}

const newJob = (code: string): Send => ({
  method: 'POST',
  url: '/api/jobs',
  payload: { code, name: 'Tower', storeIds: [staff.store._id] },
});

const importCodes = (csv: string): Send => ({
  method: 'POST',
  url: '/api/cost-codes/import',
  payload: { fileName: 'codes.csv', content: Buffer.from(csv).toString('base64') },
});

describe(`the money and job writes, 20 at once (${database})`, () => {
  it('POST /api/cost-codes/import: one key imports once, one answer; the same codes 20 times without a key are added once, never a 5xx', async () => {
    const keyed = unique('CC');
    expectOneAnswer(await twentyAtOnce(() => importCodes(`Code,Name\r\n${keyed},Keyed\r\n`), randomUUID()), 200);
    expect(await count(sql`select count(*)::int as n from cost_codes where code = ${keyed}`)).toBe(1);
    const raced = unique('CC');
    const answers = await twentyAtOnce(() => importCodes(`Code,Name\r\n${raced},Raced\r\n`));
    expect(
      answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409),
      JSON.stringify(tally(answers)),
    ).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from cost_codes where code = ${raced}`)).toBe(1);
  });

  it('POST /api/jobs: one key makes one job; one code sent 20 times without a key makes one, the rest 409', async () => {
    const code = unique('J');
    expectOneAnswer(await twentyAtOnce(() => newJob(code), randomUUID()), 201);
    expect(await count(sql`select count(*)::int as n from jobs where code = ${code}`)).toBe(1);
    const other = unique('J');
    const racing = await twentyAtOnce(() => newJob(other));
    expect(tally(racing)).toEqual({ 201: 1, 409: 19 });
    expect(await count(sql`select count(*)::int as n from jobs where lower(code) = lower(${other})`)).toBe(1);
  });

  it('PUT /api/jobs/:id: one key answers one change; 20 jobs taking one code at once leave it to one', async () => {
    const job = (await t.app.inject({ ...newJob(unique('J')), headers: bearer(staff.admin.token) })).json().job;
    const edit = { method: 'PUT' as const, url: `/api/jobs/${job._id}`, payload: { name: 'Tower B', budget: '900' } };
    expectOneAnswer(await twentyAtOnce(() => edit, randomUUID()), 200);
    const jobs = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await t.app.inject({ ...newJob(unique('J')), headers: bearer(staff.admin.token) })).json().job,
      ),
    );
    const wanted = unique('J');
    const racing = await twentyAtOnce((i) => ({ method: 'PUT', url: `/api/jobs/${jobs[i]._id}`, payload: { code: wanted } }));
    expect(tally(racing)).toEqual({ 200: 1, 409: 19 });
    expect(await count(sql`select count(*)::int as n from jobs where code = ${wanted}`)).toBe(1);
  });

  it('POST /api/cost-codes: one key makes one code; one code sent 20 times without a key makes one, the rest 409', async () => {
    const code = unique('CC');
    const make = (): Send => ({ method: 'POST', url: '/api/cost-codes', payload: { code, name: 'Concrete' } });
    expectOneAnswer(await twentyAtOnce(make, randomUUID()), 201);
    const other = unique('CC');
    const racing = await twentyAtOnce(() => ({ method: 'POST', url: '/api/cost-codes', payload: { code: other, name: 'Steel' } }));
    expect(tally(racing)).toEqual({ 201: 1, 409: 19 });
    expect(await count(sql`select count(*)::int as n from cost_codes where code in (${code}, ${other})`)).toBe(2);
  });

  it('POST /api/valuation/opening: one key writes one revaluation line; 20 different costs at once each write one, and what is held is the last one’s', async () => {
    const material = await createMaterial(t.app, staff.admin.token, { storeId: staff.store._id, totalQuantity: 7 });
    const revalue = (unitCost: string): Send => ({
      method: 'POST',
      url: '/api/valuation/opening',
      payload: { storeId: staff.store._id, lines: [{ materialId: material._id, unitCost }] },
    });
    expectOneAnswer(await twentyAtOnce(() => revalue('3'), randomUUID()), 200);
    const lines = sql`select count(*)::int as n from movements where item_id = ${material._id} and kind = 'revaluation'`;
    expect(await count(lines)).toBe(1);
    const racing = await twentyAtOnce((i) => revalue(`${i + 1}.5`));
    expect(tally(racing)).toEqual({ 200: 20 });
    expect(await count(lines)).toBe(21);
    // Each line moved the value from what the one before it left (the ledger check sums them): what is
    // held is 7 units at the cost of whichever came last, and its average is that cost.
    const [held] = await queryRows<{ stock_value: string; average_cost: string }>(
      t.database.db,
      sql`select stock_value::text, trim_scale(average_cost)::text as average_cost from materials where id = ${material._id}`,
    );
    const costs = Array.from({ length: 20 }, (_, i) => `${i + 1}.5`);
    expect(costs).toContain(held?.average_cost);
    expect(held?.stock_value).toBe((7 * Number(held?.average_cost)).toFixed(2));
  });

  it('PUT /api/settings: 20 at once answer the same settings; 20 changes of the currency are all refused', async () => {
    const put = (payload: object): Send => ({ method: 'PUT', url: '/api/settings', payload });
    expectOneAnswer(await twentyAtOnce(() => put({}), randomUUID()), 200);
    const refused = await twentyAtOnce((i) => put({ currency: i % 2 ? 'EUR' : 'INR' }));
    expect(tally(refused)).toEqual({ 400: 20 });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(staff.admin.token) })).json().settings.currency).toBe(
      'USD',
    );
  });
});
