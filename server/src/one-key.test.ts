import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../test/factories';
import { queryRows } from './db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

/** The same request sent 20 times at once under one Idempotency-Key, as a phone retrying on a bad line does. */
function twentyAtOnce(token: string, method: 'POST' | 'PUT', url: string, payload?: object) {
  const headers = { ...bearer(token), 'idempotency-key': randomUUID() };
  return Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })));
}

function expectOneAnswer(answers: Awaited<ReturnType<typeof twentyAtOnce>>, status: number) {
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => status));
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
}

describe('one Idempotency-Key, one effect, the same answer to all', () => {
  it('POST /api/stores makes one store', async () => {
    const name = unique('Depot');
    const answers = await twentyAtOnce(staff.admin.token, 'POST', '/api/stores', {
      name,
      location: 'Dock road',
      openingHours: '',
      status: 'Active',
    });
    expectOneAnswer(answers, 201);
    const [made] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stores where name = ${name}`);
    expect(made?.n).toBe(1);
  });

  it('POST /api/auth/create-user makes one user and answers it to every repeat, not "taken"', async () => {
    const email = `${unique('one-key')}@example.com`;
    const answers = await twentyAtOnce(staff.admin.token, 'POST', '/api/auth/create-user', {
      name: 'Ravi Keeper',
      email,
      password: 'a long keeper pass',
      role: 'user',
      stores: [staff.store._id],
    });
    expectOneAnswer(answers, 201);
    expect(answers[0]?.json().user.email).toBe(email);
  });

  it("stores no hash of a request's password: its fingerprint leaves passwords out, so only the rest tells requests apart", async () => {
    const email = `${unique('fingerprint')}@example.com`;
    const headers = { ...bearer(staff.admin.token), 'idempotency-key': randomUUID() };
    const create = (password: string, name = 'Ravi Keeper') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/create-user',
        headers,
        payload: { name, email, password, role: 'user', stores: [staff.store._id] },
      });
    const first = await create('a long keeper pass');
    expect(first.statusCode).toBe(201);
    expect((await create('another long pass')).body).toBe(first.body);
    expect((await create('a long keeper pass', 'Ravi Other')).statusCode).toBe(409);
  });

  it('POST /api/counts/:id/submit submits once and answers the submitted count to every repeat', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 4 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/counts',
      headers: bearer(staff.keeper.token),
      payload: { itemKind: 'material', itemIds: [cement._id] },
    });
    expect(started.statusCode, started.body).toBe(201);
    const countId = started.json().count._id;
    const entered = await t.app.inject({
      method: 'PUT',
      url: `/api/counts/${countId}/lines/${cement._id}`,
      headers: bearer(staff.keeper.token),
      payload: { counted: 4 },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const answers = await twentyAtOnce(staff.keeper.token, 'POST', `/api/counts/${countId}/submit`);
    expectOneAnswer(answers, 200);
    expect(answers[0]?.json().count.status).toBe('submitted');
  });
});
