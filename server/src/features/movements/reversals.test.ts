import { closingOf } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool, createUser, recordAt } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { readPdfText } from '../../../test/pdf-text';
import { todayIn } from '../../lib/calendar';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type MovementJson = { _id: string; kind: string; quantity: number; reverses: string | null; canReverse: boolean; reversedBy: unknown };

async function issue(token: string, productId: string, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/consume-stock',
    headers: bearer(token),
    payload: { productId, quantity },
  });
  expect(response.statusCode).toBe(200);
}

async function history(token: string, itemId: string): Promise<MovementJson[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${itemId}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().movements;
}

function reverse(token: string, movementId: string, reason = 'Typed 50 instead of 5', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/movements/${movementId}/reverse`,
    headers: { ...bearer(token), ...headers },
    payload: { reason },
  });
}

async function material(id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/products?limit=500`, headers: bearer(staff.admin.token) });
  return (response.json() as { _id: string; availableQuantity: number; consumedQuantity: number; restockedQuantity: number }[]).find(
    (row) => row._id === id,
  );
}

describe('POST /api/movements/:id/reverse', () => {
  it('undoes an issue of 50: stock and consumption come back, the history links both, the report row reconciles', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 100 });
    await issue(staff.keeper.token, product._id, 50);
    const [issued] = await history(staff.keeper.token, product._id);
    expect(issued).toMatchObject({ kind: 'issue', quantity: 50, canReverse: true });

    const reversed = await reverse(staff.keeper.token, issued?._id ?? '');
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({
      message: 'Movement reversed.',
      movement: { kind: 'issue', quantity: -50, reverses: issued?._id, reason: 'Typed 50 instead of 5', canReverse: false },
    });
    expect(await material(product._id)).toMatchObject({ availableQuantity: 100, consumedQuantity: 0 });

    const [reversal, original] = await history(staff.keeper.token, product._id);
    expect(reversal).toMatchObject({ reverses: issued?._id, canReverse: false });
    expect(original).toMatchObject({
      _id: issued?._id,
      canReverse: false,
      reversedBy: { _id: reversal?._id, actor: { name: 'Pat Keeper' }, reason: 'Typed 50 instead of 5' },
    });

    const today = todayIn('UTC');
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/user/report?startDate=${today}&endDate=${today}`,
      headers: bearer(staff.keeper.token),
    });
    const row = report.json().data.find((line: { materialId: string }) => line.materialId === product._id);
    // The issue and its reversal cancel out in the Consumed column; consumption is not overstated.
    expect(row).toMatchObject({ previousQuantity: 100, consumedQuantity: 0, currentAvailableQuantity: 100 });

    const again = await reverse(staff.keeper.token, issued?._id ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This movement has already been reversed.');
    const ofReversal = await reverse(staff.admin.token, reversal?._id ?? '');
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json().message).toBe('A reversal cannot itself be reversed.');
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it("counts the reversal of an earlier period's issue in today's Consumed, negative and marked in red on the PDF", async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    expect(await recordAt(t.database.db, { itemId: product._id, kind: 'purchase', quantity: 60, at: '2026-01-10T10:00:00Z' })).toBe(true);
    expect(await recordAt(t.database.db, { itemId: product._id, kind: 'issue', quantity: 40, at: '2026-01-12T10:00:00Z' })).toBe(true);
    const january = (await history(staff.admin.token, product._id)).find((movement) => movement.kind === 'issue');
    expect((await reverse(staff.admin.token, january?._id ?? '', 'Issued to the wrong site')).statusCode).toBe(200);

    const today = todayIn('UTC');
    const query = `storeId=${staff.store._id}&startDate=${today}&endDate=${today}`;
    const rows = (
      await t.app.inject({ method: 'GET', url: `/api/report/generate-report?${query}`, headers: bearer(staff.admin.token) })
    ).json();
    const row = rows.find((line: { materialId: string }) => line.materialId === product._id);
    expect(row).toMatchObject({ previousQuantity: 20, consumedQuantity: -40, currentAvailableQuantity: 60 });
    expect(closingOf(row)).toBe(60);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/report/generate-report/pdf?${query}`, headers: bearer(staff.admin.token) });
    const text = (await readPdfText(pdf.rawPayload)).pages.flat().join(' ');
    expect(text).toContain('-40');
    expect(text).toContain('Figures in red are negative: they include reversals of movements recorded before this period.');
  });

  it('lets exactly one of two simultaneous reversals through', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    await issue(staff.keeper.token, product._id, 5);
    const [issued] = await history(staff.keeper.token, product._id);
    const answers = await Promise.all([reverse(staff.keeper.token, issued?._id ?? ''), reverse(staff.admin.token, issued?._id ?? '')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await material(product._id)).toMatchObject({ availableQuantity: 20, consumedQuantity: 0 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('answers a repeated request with the same Idempotency-Key once, reversing once', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 9 });
    await issue(staff.keeper.token, product._id, 4);
    const [issued] = await history(staff.keeper.token, product._id);
    const key = { 'idempotency-key': `reverse-${issued?._id}` };
    const first = await reverse(staff.keeper.token, issued?._id ?? '', 'Wrong item', key);
    const second = await reverse(staff.keeper.token, issued?._id ?? '', 'Wrong item', key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await history(staff.keeper.token, product._id)).toHaveLength(3);
  });

  it('refuses a purchase whose stock was already issued, naming what is left', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    const restock = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-restock-product',
      headers: bearer(staff.keeper.token),
      payload: { name: product.name, quantity: 30 },
    });
    expect(restock.statusCode).toBe(200);
    await issue(staff.keeper.token, product._id, 25);
    const purchase = (await history(staff.keeper.token, product._id)).find((movement) => movement.kind === 'purchase');
    const refused = await reverse(staff.keeper.token, purchase?._id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This movement cannot be reversed: it would take back 30, but only 5 are available, the rest having been issued or damaged since.',
    );
    expect(await material(product._id)).toMatchObject({ availableQuantity: 5, restockedQuantity: 30 });
  });

  it("refuses a keeper another keeper's movement and one older than 24 hours (403); an admin may reverse both", async () => {
    const other = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 40 });
    await issue(other.token, product._id, 3);
    const [theirs] = await history(staff.keeper.token, product._id);
    expect(theirs?.canReverse).toBe(false);
    const notMine = await reverse(staff.keeper.token, theirs?._id ?? '');
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('You may reverse only movements you recorded yourself. Ask an admin to reverse this one.');

    // An issue the keeper recorded 25 hours ago (counters and ledger moved together, as the ledger statement does).
    await t.database.db.execute(
      sql`with moved as (update materials set consumed_quantity = consumed_quantity + 2, available_quantity = available_quantity - 2
                         where id = ${product._id} returning store_id, id)
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at, actor_id)
          select store_id, 'material', id, 'issue', 2, now() - interval '25 hours', now() - interval '25 hours',
                 (select actor_id from movements where item_id = ${product._id} and kind = 'opening') from moved`,
    );
    const old = (await history(staff.keeper.token, product._id)).find((movement) => movement.quantity === 2);
    expect(old?.canReverse).toBe(false);
    const tooOld = await reverse(staff.keeper.token, old?._id ?? '');
    expect(tooOld.statusCode).toBe(403);
    expect(tooOld.json().message).toBe('A movement older than 24 hours can only be reversed by an admin.');

    expect((await reverse(staff.admin.token, old?._id ?? '')).statusCode).toBe(200);
    expect((await reverse(staff.admin.token, theirs?._id ?? '')).statusCode).toBe(200);
    expect(await material(product._id)).toMatchObject({ availableQuantity: 40, consumedQuantity: 0 });
  });

  it('reverses tool movements, refuses deliveries, an unknown id and a store user', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const damage = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-damaged-tool',
      headers: bearer(staff.keeper.token),
      payload: { toolId: tool._id, damagedQuantity: 1 },
    });
    expect(damage.statusCode).toBe(200);
    const [damaged] = await history(staff.keeper.token, tool._id);
    expect((await reverse(staff.keeper.token, damaged?._id ?? '', 'It was only dirty')).statusCode).toBe(200);

    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const supply = await t.app.inject({
      method: 'POST',
      url: '/api/supply/add',
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, quantity: 4, supplier: 'Acme', dateReceived: todayIn('UTC') },
    });
    expect(supply.statusCode).toBe(201);
    const delivery = (await history(staff.keeper.token, product._id)).find((movement) => movement.kind === 'delivery');
    expect(delivery?.canReverse).toBe(false);
    const refused = await reverse(staff.admin.token, delivery?._id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A supplier delivery is corrected by editing or deleting the delivery.');

    expect((await reverse(staff.admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reverse(staff.storeUser.token, damaged?._id ?? '')).statusCode).toBe(403);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/movements/${damaged?._id}/reverse`,
      headers: bearer(staff.admin.token),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
  });
});
