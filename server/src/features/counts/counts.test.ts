import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { readPdfText } from '../../../test/pdf-text';
import { todayIn } from '../../lib/calendar';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;
type Line = { itemId: string; counted: number | null; expected: number | null; difference: number | null; movedSince: number | null };

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

async function startCount(staff: Staff, body: Record<string, unknown>, token = staff.keeper.token) {
  const response = await call(token, 'POST', '/api/counts', { itemKind: 'material', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().count as { _id: string; lines: Line[]; isBlind: boolean; status: string };
}

async function enter(token: string, countId: string, itemId: string, counted: number) {
  const response = await call(token, 'PUT', `/api/counts/${countId}/lines/${itemId}`, { counted });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().line as Line;
}

async function issue(token: string, productId: string, quantity: number) {
  expect((await call(token, 'POST', '/api/user/consume-stock', { productId, quantity })).statusCode).toBe(200);
}

async function available(token: string, id: string): Promise<number | undefined> {
  const response = await call(token, 'GET', '/api/products?limit=500');
  return (response.json() as { _id: string; availableQuantity: number }[]).find((row) => row._id === id)?.availableQuantity;
}

describe('stock counts', () => {
  it('posts counted − the balance when counted, so movements after the count are neither lost nor counted twice', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const short = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), totalQuantity: 100 });
    const exact = await createMaterial(t.app, staff.keeper.token, { name: unique('Sand'), totalQuantity: 100 });
    const count = await startCount(staff, { itemIds: [short._id, exact._id] });
    expect(count).toMatchObject({ status: 'counting', isBlind: true });

    // Blind: the keeper does not see the expected quantity while counting.
    const entered = await enter(staff.keeper.token, count._id, short._id, 97);
    expect(entered).toMatchObject({ counted: 97, expected: null, difference: null });
    await issue(staff.keeper.token, short._id, 10);
    await enter(staff.keeper.token, count._id, exact._id, 100);
    await issue(staff.keeper.token, exact._id, 10);

    const admin = (await call(staff.admin.token, 'GET', `/api/counts/${count._id}`)).json().count;
    expect(admin.isBlind).toBe(false);
    const submitted = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/submit`);
    expect(submitted.statusCode).toBe(200);
    const review = submitted.json().count as { lines: (Line & { itemId: string; movementsSince: number })[]; canPost: boolean };
    expect(review.lines.find((line) => line.itemId === short._id)).toMatchObject({
      expected: 100,
      counted: 97,
      difference: -3,
      movedSince: -10,
      movementsSince: 1,
    });
    // Tolerance 0 %: a keeper may not post a count with a difference.
    expect(review.canPost).toBe(false);
    const byKeeper = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/post`, { reasons: { [short._id]: 'Torn bags' } });
    expect(byKeeper.statusCode).toBe(403);

    const noReason = await call(staff.admin.token, 'POST', `/api/counts/${count._id}/post`, { reasons: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(`Give a reason for every difference: ${short.name}.`);

    const [first, second] = await Promise.all([
      call(staff.admin.token, 'POST', `/api/counts/${count._id}/post`, { reasons: { [short._id]: 'Torn bags' } }),
      call(staff.admin.token, 'POST', `/api/counts/${count._id}/post`, { reasons: { [short._id]: 'Torn bags' } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await available(staff.keeper.token, short._id)).toBe(87);
    expect(await available(staff.keeper.token, exact._id)).toBe(90);

    const history = (await call(staff.admin.token, 'GET', `/api/movements?itemId=${short._id}`)).json().movements;
    const adjustments = history.filter((movement: { kind: string }) => movement.kind === 'adjustment');
    expect(adjustments).toEqual([expect.objectContaining({ quantity: -3, reason: 'Torn bags' })]);
    expect(
      (await call(staff.admin.token, 'GET', `/api/movements?itemId=${exact._id}`))
        .json()
        .movements.some((m: { kind: string }) => m.kind === 'adjustment'),
    ).toBe(false);
    const again = await call(staff.admin.token, 'POST', `/api/counts/${count._id}/post`, { reasons: { [short._id]: 'Torn bags' } });
    expect(again.statusCode).toBe(409);
    const posted = (await call(staff.keeper.token, 'GET', `/api/counts/${count._id}`)).json().count;
    expect(posted.lines.find((line: Line) => line.itemId === short._id)).toMatchObject({ difference: -3, reason: 'Torn bags' });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);

    // The adjustment is in the report's signed Adjustments column, and the row reconciles.
    const today = todayIn('UTC');
    const report = await call(staff.keeper.token, 'GET', `/api/user/report?startDate=${today}&endDate=${today}`);
    const row = report.json().data.find((line: { materialId: string }) => line.materialId === short._id);
    expect(row).toMatchObject({ previousQuantity: 100, consumedQuantity: 10, adjustmentQuantity: -3, currentAvailableQuantity: 87 });
    expect(report.json().totals.adjustmentQuantity).toBe(-3);
  });

  it('lets a keeper post when every difference is within the store tolerance, and frees the items for the next count', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const updated = await call(staff.admin.token, 'PUT', `/api/stores/update/${staff.store._id}`, {
      name: staff.store.name,
      location: 'Yard',
      isActive: true,
      countTolerancePercent: 5,
    });
    expect(updated.json().store.countTolerancePercent).toBe(5);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 40 });
    const count = await startCount(staff, { itemIds: [product._id] });
    await enter(staff.keeper.token, count._id, product._id, 38);
    const busy = await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'material', itemIds: [product._id] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(`${product.name} is already in an open count. Post or cancel that count first.`);
    const submitted = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/submit`);
    expect(submitted.json().count.canPost).toBe(true);
    const posted = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/post`, { reasons: { [product._id]: 'Spilled' } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().count.status).toBe('posted');
    expect(await available(staff.keeper.token, product._id)).toBe(38);
    await startCount(staff, { itemIds: [product._id] });
  });

  it('counts every tool of a store, cancels, and refuses entries after counting ended', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    await createTool(t.app, staff.keeper.token, { totalQuantity: 1 });
    const count = await startCount(staff, { itemKind: 'tool' });
    expect(count.lines).toHaveLength(2);
    const nothing = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/submit`);
    expect(nothing.statusCode).toBe(400);
    await enter(staff.keeper.token, count._id, drill._id, 2);
    expect((await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/submit`)).statusCode).toBe(200);
    const late = await call(staff.keeper.token, 'PUT', `/api/counts/${count._id}/lines/${drill._id}`, { counted: 3 });
    expect(late.statusCode).toBe(409);
    const cancelled = await call(staff.keeper.token, 'POST', `/api/counts/${count._id}/cancel`);
    expect(cancelled.json().count.status).toBe('cancelled');
    expect((await call(staff.admin.token, 'POST', `/api/counts/${count._id}/post`, { reasons: {} })).statusCode).toBe(409);
    const list = await call(staff.keeper.token, 'GET', '/api/counts');
    expect(list.json().counts.map((c: { _id: string }) => c._id)).toContain(count._id);
  });

  it('refuses bad input and other stores, and prints a blind count sheet', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const other = await createStoreWithStaff(t.app, t.database.db);
    const mine = await createMaterial(t.app, staff.keeper.token, { name: unique('Rebar'), totalQuantity: 8317 });
    const theirs = await createMaterial(t.app, other.keeper.token, { totalQuantity: 5 });
    expect((await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'material', itemIds: [theirs._id] })).statusCode).toBe(400);
    expect((await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'nails' })).statusCode).toBe(400);
    expect((await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'material', storeId: other.store._id })).statusCode).toBe(
      403,
    );
    const count = await startCount(staff, { itemIds: [mine._id] });
    expect((await call(other.keeper.token, 'GET', `/api/counts/${count._id}`)).statusCode).toBe(404);
    expect((await call(staff.keeper.token, 'PUT', `/api/counts/${count._id}/lines/${mine._id}`, { counted: -1 })).statusCode).toBe(400);
    expect((await call(staff.keeper.token, 'PUT', `/api/counts/${count._id}/lines/${theirs._id}`, { counted: 1 })).statusCode).toBe(404);
    expect((await call(staff.storeUser.token, 'POST', '/api/counts', { itemKind: 'material' })).statusCode).toBe(403);

    const sheet = await call(staff.keeper.token, 'GET', `/api/counts/${count._id}/pdf`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const text = (await readPdfText(sheet.rawPayload)).pages.flat().join(' ');
    expect(text).toContain(mine.name);
    expect(text).toContain('Counted by');
    // Blind: the quantity on the books is not printed.
    expect(text).not.toContain('8317');
  });
});
