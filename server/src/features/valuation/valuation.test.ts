import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, dayFromToday, recordAt } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp({ currency: 'EUR' });
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function get(url: string, token = staff.admin.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}
function post(url: string, payload: object, token = staff.admin.token) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

describe(`GET /api/valuation (${database})`, () => {
  it('values each store’s materials from the ledger as of the end of a day, with the total and the value in transit apart', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const cement = await createMaterial(t.app, staff.admin.token, { storeId: store._id });
    const sand = await createMaterial(t.app, staff.admin.token, { storeId: store._id, unit: 'm3' });
    // Ten days ago 10 bags at 8.00; five days ago 4 issued (32.00); sand comes in at no cost.
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    expect(await recordAt(t.database.db, { itemId: cement._id, kind: 'purchase', quantity: 10, unitCost: '8', at: at(10) })).toBe(true);
    expect(
      await recordAt(t.database.db, {
        itemId: cement._id,
        kind: 'issue',
        quantity: 4,
        at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      }),
    ).toBe(true);
    await post('/api/user/add-restock-product', { name: sand.name, quantity: 3, storeId: store._id });

    const tenDaysAgo = (await get(`/api/valuation?storeId=${store._id}&asOf=${dayFromToday(-10)}`)).json();
    expect(tenDaysAgo).toMatchObject({
      asOf: dayFromToday(-10),
      currency: 'EUR',
      totals: { value: '80.00' },
      inTransit: { value: '0.00' },
    });
    expect(tenDaysAgo.rows).toEqual([
      expect.objectContaining({
        materialId: cement._id,
        storeName: store.name,
        quantity: 10,
        averageCost: '8',
        value: '80.00',
        isUnvalued: false,
      }),
    ]);
    const elevenDaysAgo = (await get(`/api/valuation?storeId=${store._id}&asOf=${dayFromToday(-11)}`)).json();
    expect(elevenDaysAgo).toMatchObject({ rows: [], totals: { value: '0.00' } });

    const today = (await get(`/api/valuation?storeId=${store._id}`)).json();
    expect(today.asOf).toBe(dayFromToday(0));
    expect(today.totals.value).toBe('48.00');
    expect(
      today.rows.map((row: { name: string; quantity: number; value: string; isUnvalued: boolean; unit: string }) => [
        row.name,
        row.quantity,
        row.unit,
        row.value,
        row.isUnvalued,
      ]),
    ).toEqual(
      [
        [cement.name, 6, 'bag', '48.00', false],
        [sand.name, 3, 'm3', '0.00', true],
      ].sort((a, b) => String(a[0]).toLowerCase().localeCompare(String(b[0]).toLowerCase())),
    );
  });

  it('keeps what is on its way between stores out of both and in transit, until it is received', async () => {
    const from = await createStore(t.app, staff.admin.token);
    const to = await createStore(t.app, staff.admin.token);
    const steel = await createMaterial(t.app, staff.admin.token, { storeId: from._id, totalQuantity: 4, unitCost: '250' } as never);
    const draft = (
      await post('/api/transfers', { fromStoreId: from._id, toStoreId: to._id, lines: [{ materialId: steel._id, quantity: 3 }] })
    ).json();
    expect((await post(`/api/transfers/${draft.transfer._id}/dispatch`, {})).statusCode).toBe(200);
    const both = `/api/valuation?asOf=${dayFromToday(0)}`;
    const sending = (await get(`/api/valuation?storeId=${from._id}`)).json();
    expect(sending).toMatchObject({ totals: { value: '250.00' }, inTransit: { value: '750.00' } });
    const receiving = (await get(`/api/valuation?storeId=${to._id}`)).json();
    expect(receiving).toMatchObject({ rows: [], totals: { value: '0.00' }, inTransit: { value: '750.00' } });
    await post(`/api/transfers/${draft.transfer._id}/receive`, { lines: [{ lineId: draft.transfer.lines[0]._id, received: 3 }] });
    expect((await get(`/api/valuation?storeId=${to._id}`)).json()).toMatchObject({
      totals: { value: '750.00' },
      inTransit: { value: '0.00' },
    });
    expect((await get(both)).statusCode).toBe(200);
  });

  it('answers a keeper for their stores only, refuses another store (403) and a store user (403)', async () => {
    const other = await createStore(t.app, staff.admin.token);
    await createMaterial(t.app, staff.admin.token, { storeId: other._id, totalQuantity: 2, unitCost: '1' } as never);
    const mine = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 2, unitCost: '3' } as never);
    const answer = (await get('/api/valuation', staff.keeper.token)).json();
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(answer.rows.every((row: { storeId: string }) => row.storeId === staff.store._id)).toBe(true);
    expect(answer.rows.some((row: { materialId: string }) => row.materialId === mine._id)).toBe(true);
    expect((await get(`/api/valuation?storeId=${other._id}`, staff.keeper.token)).statusCode).toBe(403);
    expect((await get('/api/valuation', staff.storeUser.token)).statusCode).toBe(403);
    expect((await get('/api/valuation?asOf=2026-02-30')).statusCode).toBe(400);
  });
});

describe(`POST /api/valuation/opening (${database})`, () => {
  it('revalues a store’s stock with one revaluation line per material, shown in its history, and corrects an average later', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const old = await createMaterial(t.app, staff.admin.token, { storeId: store._id, totalQuantity: 12 });
    expect(old.stockValue).toBe('0.00');
    const first = await post('/api/valuation/opening', { storeId: store._id, lines: [{ materialId: old._id, unitCost: '4.125' }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Stock revalued.',
      lines: [{ materialId: old._id, quantity: 12, unitCost: '4.125', value: '49.50', change: '49.50' }],
    });
    const again = await post('/api/valuation/opening', { storeId: store._id, lines: [{ materialId: old._id, unitCost: 4 }] });
    expect(again.json().lines[0]).toMatchObject({ value: '48.00', change: '-1.50' });
    const history = (await get(`/api/movements?itemId=${old._id}`)).json().movements;
    expect(
      history
        .filter((line: { kind: string }) => line.kind === 'revaluation')
        .map((line: { quantity: number; value: string }) => [line.quantity, line.value]),
    ).toEqual([
      [0, '-1.50'],
      [0, '49.50'],
    ]);
    const valued = (await get(`/api/valuation?storeId=${store._id}`)).json();
    expect(valued.rows[0]).toMatchObject({ quantity: 12, value: '48.00', averageCost: '4', isUnvalued: false });
  });

  it('sets the average of a material the store holds none of, for what comes in next without a cost', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const empty = await createMaterial(t.app, staff.admin.token, { storeId: store._id });
    const answer = await post('/api/valuation/opening', { storeId: store._id, lines: [{ materialId: empty._id, unitCost: '6' }] });
    expect(answer.json().lines[0]).toMatchObject({ quantity: 0, value: '0.00', change: '0.00' });
    const bought = await post('/api/user/add-restock-product', { name: empty.name, quantity: 2, storeId: store._id });
    expect(bought.json().product).toMatchObject({ stockValue: '12.00', averageCost: '6' });
  });

  it('is refused for an inactive store, for a keeper, and for a material of another store; books closed through yesterday leave today open', async () => {
    const store = await createStore(t.app, staff.admin.token);
    const material = await createMaterial(t.app, staff.admin.token, { storeId: store._id, totalQuantity: 1 });
    const elsewhere = await createMaterial(t.app, staff.admin.token, { totalQuantity: 1, storeId: staff.store._id });
    const line = { materialId: material._id, unitCost: '1' };
    expect((await post('/api/valuation/opening', { storeId: store._id, lines: [line] }, staff.keeper.token)).statusCode).toBe(403);
    const foreign = await post('/api/valuation/opening', { storeId: store._id, lines: [{ materialId: elsewhere._id, unitCost: '1' }] });
    expect(foreign.statusCode).toBe(404);
    const repeated = await post('/api/valuation/opening', { storeId: store._id, lines: [line, line] });
    expect(repeated.statusCode).toBe(400);
    // Its line is dated now: books closed through yesterday leave it open, an inactive store refuses it.
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${store._id}/lock`,
      headers: bearer(staff.admin.token),
      payload: { throughDate: dayFromToday(-1) },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await post('/api/valuation/opening', { storeId: store._id, lines: [line] })).statusCode).toBe(200);
    const inactive = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/update/${store._id}`,
      headers: bearer(staff.admin.token),
      payload: { name: store.name, location: 'North yard', isActive: false },
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    const refused = await post('/api/valuation/opening', { storeId: store._id, lines: [line] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/inactive/i);
  });
});

describe(`GET and PUT /api/settings (${database})`, () => {
  it('answers the currency to anyone signed in and lets no call change it', async () => {
    for (const token of [staff.admin.token, staff.keeper.token, staff.storeUser.token]) {
      const answer = await get('/api/settings', token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().settings.currency).toBe('EUR');
    }
    const put = (payload: object, token = staff.admin.token) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload });
    expect((await put({})).json().settings.currency).toBe('EUR');
    const changed = await put({ currency: 'USD' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/CURRENCY/);
    expect((await put({}, staff.keeper.token)).statusCode).toBe(403);
    expect((await get('/api/settings', 'not-a-token')).statusCode).toBe(401);
  });
});
