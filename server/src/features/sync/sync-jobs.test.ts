import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const COST_CODE = '31 23 00';

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  expect((await call(staff.admin.token, 'POST', '/api/cost-codes', { code: COST_CODE, name: 'Excavation and fill' })).statusCode).toBe(201);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

type Json = Record<string, unknown>;
type Staff = typeof staff;

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

function op(itemId: string, kind: string, quantity: number, extra: Json = {}, storeId = staff.store._id): Json {
  const capturedAt = new Date(Date.now() - 60_000).toISOString();
  return { opId: randomUUID(), kind, itemKind: 'material', itemId, quantity, reason: '', capturedAt, storeId, ...extra };
}

async function sync(token: string, ops: Json[]) {
  const response = await call(token, 'POST', '/api/sync/movements', { ops });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as Json[];
}

async function newJob(team: Staff = staff) {
  const payload = { code: unique('J'), name: 'Basement', storeIds: [team.store._id] };
  const response = await call(team.admin.token, 'POST', '/api/jobs', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().job as { _id: string; code: string };
}

async function jobTotal(jobId: string) {
  const response = await call(staff.keeper.token, 'GET', `/api/jobs/${jobId}/cost`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total as string;
}

type Line = { _id: string; job: { _id: string; code: string } | null; costCode: string | null; value: string; kind: string };
async function lineOf(movementId: string): Promise<Line | undefined> {
  const response = await call(staff.admin.token, 'GET', `/api/movements?storeId=${staff.store._id}&limit=500`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().movements as Line[]).find((line) => line._id === movementId);
}

describe(`offline ops naming a job (${database})`, () => {
  it('charges an offline issue and damage to the job and cost code they name, once, and credits a return', async () => {
    const job = await newJob();
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10, unitCost: '12.5' } as never);
    const issued = op(sand._id, 'issue', 4, { jobId: job._id, costCode: COST_CODE });
    const damaged = op(sand._id, 'damage', 1, { jobId: job._id });
    const returned = op(sand._id, 'return', 2, { jobId: job._id });
    const results = await sync(staff.keeper.token, [issued, damaged, returned]);
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);
    const line = await lineOf(results[0]?.movementId as string);
    expect(line).toMatchObject({ kind: 'issue', job: { _id: job._id, code: job.code }, costCode: COST_CODE, value: '-50.00' });
    expect(await jobTotal(job._id)).toBe('37.50');

    const again = await sync(staff.keeper.token, [issued, damaged, returned]);
    expect(again.map((result) => result.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await jobTotal(job._id)).toBe('37.50');
    const otherJob = await newJob();
    const [changed] = await sync(staff.keeper.token, [{ ...issued, jobId: otherJob._id }]);
    expect(changed).toMatchObject({ status: 'rejected', code: 'key_mismatch' });
  });

  it('parks an op whose job was closed or cannot take it, and applies it to the job the keeper picks instead', async () => {
    const closedJob = await newJob();
    const openJob = await newJob();
    const gravel = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10, unitCost: '3' } as never);
    expect((await call(staff.admin.token, 'PUT', `/api/jobs/${closedJob._id}`, { isActive: false })).statusCode).toBe(200);
    const [closed, beyond, unknown] = await sync(staff.keeper.token, [
      op(gravel._id, 'issue', 2, { jobId: closedJob._id, costCode: COST_CODE }),
      op(gravel._id, 'return', 1, { jobId: openJob._id }),
      op(gravel._id, 'damage', 1, { jobId: randomUUID() }),
    ]);
    expect(closed).toMatchObject({ status: 'parked', code: 'job_refused', message: `Job ${closedJob.code} is closed.` });
    expect(beyond).toMatchObject({
      status: 'parked',
      code: 'job_refused',
      message: `Only 0 of this material was issued to job ${openJob.code} and not yet returned.`,
    });
    expect(unknown).toMatchObject({ status: 'parked', code: 'job_refused' });
    expect(unknown?.message).toMatch(/^There is no job /);

    const list = (await call(staff.keeper.token, 'GET', `/api/sync/parked?storeId=${staff.store._id}`)).json().parked as Json[];
    expect(list.find((row) => row._id === closed?.parkedId)).toMatchObject({
      job: { _id: closedJob._id, code: closedJob.code },
      costCode: COST_CODE,
    });
    const apply = (id: unknown, body: object) => call(staff.keeper.token, 'POST', `/api/sync/parked/${id}/apply`, body);
    const stillClosed = await apply(closed?.parkedId, {});
    expect(stillClosed.statusCode).toBe(409);
    expect(stillClosed.json().message).toBe(`Job ${closedJob.code} is closed.`);
    const applied = await apply(closed?.parkedId, { jobId: openJob._id, costCode: COST_CODE });
    expect(applied.statusCode, applied.body).toBe(200);
    const line = await lineOf(applied.json().parked.movementId);
    expect(line).toMatchObject({ job: { _id: openJob._id }, costCode: COST_CODE, value: '-6.00' });
    expect(await jobTotal(openJob._id)).toBe('6.00');
    expect(await jobTotal(closedJob._id)).toBe('0.00');
    // The return fits now that the job holds 2.
    expect((await apply(beyond?.parkedId, {})).statusCode).toBe(200);
    expect(await jobTotal(openJob._id)).toBe('3.00');
  });

  it('parks the issues naming no job of a store that requires one, taken together or alone, and records none of them', async () => {
    const strict = await createStoreWithStaff(t.app, t.database.db);
    const updated = await call(strict.admin.token, 'PUT', `/api/stores/update/${strict.store._id}`, {
      name: strict.store.name,
      location: 'Yard',
      isActive: true,
      requireJob: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const job = await newJob(strict);
    const bricks = await createMaterial(t.app, strict.keeper.token, { totalQuantity: 10 });
    const blocks = await createMaterial(t.app, strict.keeper.token, { totalQuantity: 10 });
    const results = await sync(strict.keeper.token, [
      op(bricks._id, 'issue', 1, {}, strict.store._id),
      op(blocks._id, 'damage', 1, {}, strict.store._id),
      op(blocks._id, 'return', 1, {}, strict.store._id),
      op(bricks._id, 'restock', 5, {}, strict.store._id),
    ]);
    expect(results.map((result) => [result.status, result.code ?? null, result.message ?? null])).toEqual([
      ['parked', 'job_refused', 'Please choose a job.'],
      ['parked', 'job_refused', 'Please choose a job.'],
      ['parked', 'insufficient_stock', 'Refund quantity exceeds consumed stock.'],
      ['applied', null, null],
    ]);
    const apply = (id: unknown, body: object) => call(strict.keeper.token, 'POST', `/api/sync/parked/${id}/apply`, body);
    expect((await apply(results[0]?.parkedId, { jobId: job._id })).json().message).toBe('Please choose a cost code.');
    const applied = await apply(results[0]?.parkedId, { jobId: job._id, costCode: COST_CODE });
    expect(applied.statusCode, applied.body).toBe(200);
    const cost = await call(strict.admin.token, 'GET', `/api/jobs/${job._id}/cost?groupBy=material`);
    expect(cost.json().lines).toMatchObject([{ key: bricks._id, quantity: 1 }]);
  });

  it('refuses a job or cost code on an op that cannot carry one', async () => {
    const job = await newJob();
    const lime = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    const results = await sync(staff.keeper.token, [
      op(lime._id, 'restock', 1, { jobId: job._id }),
      op(lime._id, 'return', 1, { jobId: job._id, costCode: COST_CODE }),
      op(lime._id, 'issue', 1, { costCode: COST_CODE }),
    ]);
    expect(results.map((result) => [result.status, result.code, result.message])).toEqual([
      ['rejected', 'invalid', 'Only an issue, a damage or a return of a material names a job.'],
      ['rejected', 'invalid', 'Only an issue or a damage names a cost code.'],
      ['rejected', 'invalid', 'Please choose a job.'],
    ]);
  });
});
