import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { AppError } from '../../lib/errors';
import { recordMovementWithId } from '../movements/movements.service';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let concrete: { _id: string; code: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  concrete = (await send('POST', '/api/cost-codes', { code: '03 30 00', name: 'Cast-in-place concrete' })).json().costCode;
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff.admin.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function newJob(overrides: object = {}) {
  const response = await send('POST', '/api/jobs', { code: unique('J'), name: 'Tower A', storeIds: [staff.store._id], ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().job as { _id: string; code: string };
}

const issue = (productId: string, quantity: number, extra: object = {}) =>
  send('POST', '/api/user/consume-stock', { productId, quantity, ...extra }, staff.keeper.token);

type Line = { kind: string; value: string; job: { _id: string } | null; costCode: string | null; _id: string };
async function jobLines(jobId: string): Promise<Line[]> {
  const all = (await send('GET', '/api/movements?limit=500')).json().movements as Line[];
  return all.filter((line) => line.job?._id === jobId);
}

describe(`jobs and cost codes (${database})`, () => {
  it('lets an admin make jobs and cost codes, a keeper read the jobs of their stores, a store user neither', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const mine = await newJob({ budget: '1000' });
    const theirs = await newJob({ storeIds: [other._id] });
    const listed = (await send('GET', '/api/jobs', undefined, staff.keeper.token)).json().jobs as { _id: string; budget?: string }[];
    expect(listed.map((job) => job._id)).toContain(mine._id);
    expect(listed.map((job) => job._id)).not.toContain(theirs._id);
    expect(listed.find((job) => job._id === mine._id)?.budget).toBe('1000.00');
    expect((await send('GET', '/api/jobs', undefined, staff.storeUser.token)).statusCode).toBe(403);
    expect((await send('POST', '/api/jobs', { code: 'X', name: 'Y', storeIds: [staff.store._id] }, staff.keeper.token)).statusCode).toBe(
      403,
    );
    const again = await send('POST', '/api/jobs', { code: mine.code.toLowerCase(), name: 'Copy', storeIds: [staff.store._id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A job with the code ${mine.code.toLowerCase()} already exists.`);
    expect((await send('POST', '/api/jobs', { code: 'Q', name: 'No stores', storeIds: [] })).statusCode).toBe(400);
    expect((await send('POST', '/api/cost-codes', { code: '03 30 00', name: 'Again' })).statusCode).toBe(409);
    const codes = (await send('GET', '/api/cost-codes', undefined, staff.keeper.token)).json().costCodes;
    expect(codes).toContainEqual({ _id: concrete._id, code: '03 30 00', name: 'Cast-in-place concrete' });
  });

  it('charges issues and damage to a job and a cost code; the job’s cost is the sum of its lines, a return credits it, a reversal removes an issue', async () => {
    const job = await newJob({ budget: '2000' });
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20, unitCost: '100' } as never);
    expect((await issue(cement._id, 5, { jobId: job._id, costCode: '03 30 00' })).statusCode).toBe(200);
    expect(
      (await send('POST', '/api/user/add-damaged-stock', { productId: cement._id, damagedQuantity: 1, jobId: job._id }, staff.keeper.token))
        .statusCode,
    ).toBe(200);
    const second = await issue(cement._id, 3, { jobId: job._id, costCode: '03 30 00' });
    expect(second.statusCode).toBe(200);
    const returned = await send(
      'POST',
      '/api/user/refund-stock',
      { productId: cement._id, refundQuantity: 2, jobId: job._id },
      staff.keeper.token,
    );
    expect(returned.statusCode, returned.body).toBe(200);

    const cost = (await send('GET', `/api/jobs/${job._id}/cost`)).json();
    const lines = await jobLines(job._id);
    expect(lines).toHaveLength(4);
    const charged = lines.reduce((sum, line) => sum.minus(line.value), new Big(0));
    expect(cost.total).toBe(charged.toFixed(2));
    expect(cost).toMatchObject({ total: '700.00', budget: '2000.00', used: 0.35, currency: 'USD', groupBy: 'costCode' });
    expect(cost.lines).toEqual([
      { key: '03 30 00', label: 'Cast-in-place concrete', value: '800.00' },
      { key: null, label: '', value: '-100.00' },
    ]);
    const byMaterial = (await send('GET', `/api/jobs/${job._id}/cost?groupBy=material`)).json();
    expect(byMaterial.lines).toEqual([{ key: cement._id, label: cement.name, value: '700.00', quantity: 7, unit: 'bag' }]);
    const byStore = (await send('GET', `/api/jobs/${job._id}/cost?groupBy=store`, undefined, staff.keeper.token)).json();
    expect(byStore.lines).toEqual([{ key: staff.store._id, label: expect.any(String), value: '700.00' }]);
    const month = new Date().toISOString().slice(0, 7);
    expect((await send('GET', `/api/jobs/${job._id}/cost?groupBy=month`)).json().lines).toEqual([
      { key: month, label: month, value: '700.00' },
    ]);

    const secondIssue = lines.find((line) => line.kind === 'issue' && line.value === '-300.00') as Line;
    const undone = await send('POST', `/api/movements/${secondIssue._id}/reverse`, { reason: 'Wrong job' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().movement).toMatchObject({ job: { _id: job._id }, costCode: '03 30 00', value: '300.00' });
    expect((await send('GET', `/api/jobs/${job._id}/cost`)).json().total).toBe('400.00');
    // The job now holds 3 (5 issued, 2 returned): they come back, and then the first issue cannot be undone.
    const rest = await send(
      'POST',
      '/api/user/refund-stock',
      { productId: cement._id, refundQuantity: 3, jobId: job._id },
      staff.keeper.token,
    );
    expect(rest.statusCode, rest.body).toBe(200);
    const firstIssue = lines.find((line) => line.kind === 'issue' && line.value === '-500.00') as Line;
    expect((await send('POST', `/api/movements/${firstIssue._id}/reverse`, { reason: 'Wrong job' })).statusCode).toBe(409);
    expect((await send('GET', `/api/jobs/${job._id}/cost`)).json()).toMatchObject({ total: '100.00', used: 0.05 });
    const emptyRange = (await send('GET', `/api/jobs/${job._id}/cost?to=2000-01-01`)).json();
    expect(emptyRange).toMatchObject({ lines: [], total: '0.00', used: 0 });
  });

  it('never credits a job with more than was issued to it net of its returns', async () => {
    const job = await newJob();
    const other = await newJob();
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10, unitCost: '5' } as never);
    await issue(sand._id, 3, { jobId: job._id });
    await issue(sand._id, 3, { jobId: other._id });
    const tooMuch = await send(
      'POST',
      '/api/user/refund-stock',
      { productId: sand._id, refundQuantity: 4, jobId: job._id },
      staff.keeper.token,
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(`Only 3 of this material was issued to job ${job.code} and not yet returned.`);
    const both = await Promise.all(
      [1, 2].map(() =>
        send('POST', '/api/user/refund-stock', { productId: sand._id, refundQuantity: 2, jobId: job._id }, staff.keeper.token),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses an unknown job or cost code, a job of another store, a closed job, and an issue without them where the store requires them', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const elsewhere = await newJob({ storeIds: [other._id] });
    const job = await newJob();
    const gravel = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const unknownJob = crypto.randomUUID();
    expect((await issue(gravel._id, 1, { jobId: unknownJob })).json()).toMatchObject({ message: `There is no job ${unknownJob}.` });
    expect((await issue(gravel._id, 1, { jobId: job._id, costCode: '99 99 99' })).json()).toMatchObject({
      message: 'There is no cost code 99 99 99.',
    });
    const notHere = await issue(gravel._id, 1, { jobId: elsewhere._id });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().message).toBe(`Job ${elsewhere.code} does not draw from ${staff.store.name}.`);
    expect((await send('PUT', `/api/jobs/${job._id}`, { isActive: false })).json().job.isActive).toBe(false);
    const closed = await issue(gravel._id, 1, { jobId: job._id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(`Job ${job.code} is closed.`);

    const strict = await createStore(t.app, staff.admin.token);
    const updated = await send('PUT', `/api/stores/update/${strict._id}`, {
      name: strict.name,
      location: 'Yard',
      isActive: true,
      requireJob: true,
    });
    expect(updated.json().store.requireJob).toBe(true);
    const strictJob = await newJob({ storeIds: [strict._id] });
    const bricks = await createMaterial(t.app, staff.admin.token, { storeId: strict._id, totalQuantity: 5 });
    const consume = (extra: object) => send('POST', '/api/user/consume-stock', { productId: bricks._id, quantity: 1, ...extra });
    expect((await consume({})).json()).toMatchObject({ message: 'Please choose a job.' });
    expect((await consume({ jobId: strictJob._id })).json()).toMatchObject({ message: 'Please choose a cost code.' });
    expect((await consume({ jobId: strictJob._id, costCode: '03 30 00' })).statusCode).toBe(200);
    expect((await send('GET', `/api/jobs/${strictJob._id}/cost`, undefined, staff.keeper.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/jobs/${strictJob._id}/cost`, undefined, staff.storeUser.token)).statusCode).toBe(403);
  });

  it('names the job when it closed or left the store between its check and the movement, never a shortage of stock', async () => {
    const job = await newJob();
    const lime = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    // The check passed when the job was open; the statement runs after it closed.
    expect((await send('PUT', `/api/jobs/${job._id}`, { isActive: false })).statusCode).toBe(200);
    const issueCheckedEarlier = () =>
      recordMovementWithId(
        t.database.db,
        {
          itemKind: 'material',
          itemId: lime._id,
          storeIds: null,
          kind: 'issue',
          quantity: 1,
          actorId: null,
          job: { jobId: job._id, costCodeId: null, mustBeOpen: true },
        },
        { notFound: 'not found', refused: () => 'Not enough stock available' },
      );
    await expect(issueCheckedEarlier()).rejects.toThrow(new AppError('conflict', `Job ${job.code} is closed.`));
    const other = await createStore(t.app, staff.admin.token);
    expect((await send('PUT', `/api/jobs/${job._id}`, { isActive: true, storeIds: [other._id] })).statusCode).toBe(200);
    await expect(issueCheckedEarlier()).rejects.toThrow(`Job ${job.code} does not draw from ${staff.store.name}.`);
  });
});
