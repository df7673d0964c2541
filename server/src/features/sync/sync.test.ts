import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool, createUser } from '../../../test/factories';
import { countMovements, findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
}

/** An op as a phone queues it: captured a minute ago in the staff's store unless told otherwise. */
function op(itemId: string, kind: string, quantity: number, extra: Json = {}): Json {
  return {
    opId: randomUUID(),
    kind,
    itemKind: kind.startsWith('tool-') ? 'tool' : 'material',
    itemId,
    quantity,
    reason: '',
    capturedAt: new Date(Date.now() - 60_000).toISOString(),
    storeId: staff.store._id,
    ...extra,
  };
}

async function sync(token: string, ops: Json[]) {
  const response = await call(token, 'POST', '/api/sync/movements', { ops });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as Json[];
}

async function material(id: string) {
  const [row] = await queryRows<{ available_quantity: number; consumed_quantity: number; damaged_quantity: number }>(
    t.database.db,
    sql`select available_quantity::float8, consumed_quantity::float8, damaged_quantity::float8 from materials where id = ${id}`,
  );
  return row;
}

async function movement(id: string) {
  const [row] = await queryRows<{ kind: string; quantity: number; occurred_at: Date; recorded_at: Date; idempotency_key: string }>(
    t.database.db,
    sql`select kind, quantity::float8, occurred_at, recorded_at, idempotency_key from movements where id = ${id}`,
  );
  return row;
}

describe('POST /api/sync/movements', () => {
  it('applies every kind of op once, at the time it was captured, and answers one result per op in the order sent', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 4 });
    // Three days ago, on the minute: kept as sent, though received now.
    const capturedAt = new Date(Math.floor((Date.now() - 3 * 86_400_000) / 60_000) * 60_000).toISOString();
    const ops = [
      op(cement._id, 'issue', 5, { capturedAt }),
      op(cement._id, 'damage', 1),
      op(cement._id, 'return', 2),
      op(cement._id, 'restock', 10),
      op(cement._id, 'transfer', 3),
      op(drill._id, 'tool-issue', 2),
      op(drill._id, 'tool-damage', 1, { reason: 'Cracked casing' }),
      op(drill._id, 'tool-return', 1),
    ];
    const before = Date.now();
    const results = await sync(staff.keeper.token, ops);
    expect(results.map((r) => [r.opId, r.status])).toEqual(ops.map((o) => [o.opId, 'applied']));
    expect(await material(cement._id)).toMatchObject({
      available_quantity: 20 - 5 - 1 + 2 + 10 + 3,
      consumed_quantity: 3,
      damaged_quantity: 1,
    });

    const first = await movement(results[0]?.movementId as string);
    expect(first).toMatchObject({ kind: 'issue', quantity: 5, idempotency_key: ops[0]?.opId });
    expect(new Date(first?.occurred_at as Date).toISOString()).toBe(capturedAt);
    expect(new Date(first?.recorded_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const damaged = await movement(results[6]?.movementId as string);
    expect(damaged).toMatchObject({ kind: 'damage', quantity: 1 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);

    const history = (await call(staff.keeper.token, 'GET', `/api/movements?itemId=${cement._id}&limit=10`)).json().movements as Json[];
    expect(history.find((m) => m._id === results[0]?.movementId)).toMatchObject({ kind: 'issue', quantity: 5 });
  });

  it("records a round's ops of different items in one statement, with their ops, keys and low-stock notice; leaves out and parks only the one stock cannot cover", async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const bricks = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 4 });
    await t.database.db.execute(sql`insert into reorder_points (material_id, min_qty, target_qty) values (${cement._id}, 8, 20)`);
    const ops = [op(cement._id, 'issue', 2), op(sand._id, 'damage', 1), op(bricks._id, 'issue', 5), op(drill._id, 'tool-issue', 1)];
    const results = await sync(staff.keeper.token, ops);
    expect(results.map((r) => [r.status, r.code, r.available])).toEqual([
      ['applied', undefined, undefined],
      ['applied', undefined, undefined],
      ['parked', 'insufficient_stock', 3],
      ['applied', undefined, undefined],
    ]);
    const applied = [results[0], results[1]].map((r) => r?.movementId as string);
    const transactions = await queryRows<{ tx_id: string }>(
      t.database.db,
      sql`select distinct tx_id::text from movements where id in (${applied[0]}, ${applied[1]})`,
    );
    expect(transactions).toHaveLength(1);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 8, consumed_quantity: 2 });
    expect(await material(sand._id)).toMatchObject({ available_quantity: 9, damaged_quantity: 1 });
    expect(await material(bricks._id)).toMatchObject({ available_quantity: 3, consumed_quantity: 0 });
    const stored = await queryRows<{ op_id: string; state: string; movement_id: string; key_answer: string }>(
      t.database.db,
      sql`select o.op_id::text, o.state, o.movement_id, k.response->>'movementId' as key_answer
          from sync_ops o join idempotency_keys k on k.user_id = o.user_id and k.key = o.op_id::text
          where o.op_id in (${ops[0]?.opId as string}, ${ops[1]?.opId as string})`,
    );
    expect(stored.map((row) => [row.state, row.movement_id, row.key_answer]).sort()).toEqual(
      applied.map((id) => ['applied', id, id]).sort(),
    );
    const notices = await queryRows<{ code: string; params: unknown[] }>(
      t.database.db,
      sql`select code, params from notifications where material_id = ${cement._id}`,
    );
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]?.code).toBe('lowStock');
    expect(notices[0]?.params).toEqual([cement.name, expect.any(String), 8, expect.any(String), 8]);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    // The single call of an op's id as Idempotency-Key finds it recorded: no second movement.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: { ...bearer(staff.keeper.token), 'idempotency-key': ops[0]?.opId as string },
      payload: { productId: cement._id, quantity: 2 },
    });
    expect(single.statusCode).toBe(409);
    expect(await countMovements(t.database.db, cement._id)).toBe(2);
  });

  it('answers a replay of the same op as duplicate with the first movementId, and moves nothing', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const ops = [op(cement._id, 'issue', 3), op(cement._id, 'issue', 2)];
    const first = await sync(staff.keeper.token, ops);
    const again = await sync(staff.keeper.token, ops);
    expect(again).toEqual(first.map((r) => ({ opId: r.opId, status: 'duplicate', movementId: r.movementId })));
    expect(await material(cement._id)).toMatchObject({ available_quantity: 5 });
    expect(await countMovements(t.database.db, cement._id)).toBe(3);
  });

  it('knows an op first sent as a single call with its opId as Idempotency-Key, and the other way round', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const first = op(cement._id, 'issue', 2);
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: { ...bearer(staff.keeper.token), 'idempotency-key': first.opId as string },
      payload: { productId: cement._id, quantity: 2 },
    });
    expect(single.statusCode, single.body).toBe(200);
    const [synced] = await sync(staff.keeper.token, [first]);
    const [recorded] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from movements where idempotency_key = ${first.opId as string}`,
    );
    expect(synced).toEqual({ opId: first.opId, status: 'duplicate', movementId: recorded?.id });

    const second = op(cement._id, 'issue', 3);
    expect((await sync(staff.keeper.token, [second]))[0]?.status).toBe('applied');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: { ...bearer(staff.keeper.token), 'idempotency-key': second.opId as string },
      payload: { productId: cement._id, quantity: 3 },
    });
    expect(late.statusCode).toBe(409);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 5 });
  });

  it("applies each item's ops in the order they were captured, not the order they were sent", async () => {
    const items = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 })));
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    // Each item: an issue of 6 captured after a restock of 10 but sent first, then a second issue of 4.
    const ops = items.flatMap((item) => [
      op(item._id, 'issue', 6, { capturedAt: minutesAgo(3) }),
      op(item._id, 'restock', 10, { capturedAt: minutesAgo(5) }),
      op(item._id, 'issue', 4, { capturedAt: minutesAgo(1) }),
    ]);
    const results = await sync(staff.keeper.token, ops);
    expect(results.map((r) => r.status)).toEqual(ops.map(() => 'applied'));
    for (const item of items) expect(await material(item._id)).toMatchObject({ available_quantity: 0, consumed_quantity: 10 });
  });

  it('rejects the same opId with other content as key_mismatch, and malformed ops as invalid, without refusing the rest', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const sent = op(cement._id, 'issue', 1);
    await sync(staff.keeper.token, [sent]);
    const good = op(cement._id, 'issue', 2);
    const results = await sync(staff.keeper.token, [
      { ...sent, quantity: 4 },
      op(cement._id, 'issue', 0),
      op(cement._id, 'explode', 1),
      { ...op(cement._id, 'issue', 1), opId: 'not-a-uuid' },
      op(cement._id, 'issue', 1, { itemKind: 'tool' }),
      op(cement._id, 'issue', 1, { capturedAt: new Date(Date.now() + 10 * 60_000).toISOString() }),
      op(cement._id, 'issue', 1, { storeId: randomUUID() }),
      op(randomUUID(), 'issue', 1),
      good,
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'key_mismatch'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['applied', undefined],
    ]);
    expect(results[0]?.message).toBe('This opId was already sent with a different movement.');
    expect(results[1]?.message).toBe('Please enter a valid quantity.');
    expect(results[5]?.message).toBe('capturedAt is more than 5 minutes in the future.');
    expect(results[6]?.message).toBe('The item is not in the store the movement names.');
    expect(results[7]?.message).toBe('Material not found');
    expect(await material(cement._id)).toMatchObject({ available_quantity: 7 });
  });

  it('refuses a batch that is not a list of 1 to 200 ops (400) and a caller who may not move stock (403)', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    expect((await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 201 }, () => op(cement._id, 'issue', 1));
    expect((await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: tooMany })).statusCode).toBe(400);
    expect((await call(staff.storeUser.token, 'POST', '/api/sync/movements', { ops: [op(cement._id, 'issue', 1)] })).statusCode).toBe(403);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 10 });
  });

  it('parks an op the stock cannot cover, with what is available, and moves no counter', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 2 });
    const results = await sync(staff.keeper.token, [
      op(cement._id, 'issue', 8),
      op(cement._id, 'damage', 6),
      op(cement._id, 'return', 1),
      op(drill._id, 'tool-return', 1),
    ]);
    expect(results.map((r) => [r.status, r.code, r.available, r.message])).toEqual([
      ['parked', 'insufficient_stock', 5, 'Not enough stock available'],
      ['parked', 'insufficient_stock', 5, 'Damage quantity exceeds available stock.'],
      ['parked', 'insufficient_stock', 0, 'Refund quantity exceeds consumed stock.'],
      ['parked', 'insufficient_stock', 0, 'Refund quantity cannot exceed consumed quantity (0).'],
    ]);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 5, consumed_quantity: 0, damaged_quantity: 0 });
    expect(await countMovements(t.database.db, cement._id)).toBe(1);
  });

  it('answers a replay of a parked op with the same parked row', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const short = op(cement._id, 'issue', 2);
    const [first] = await sync(staff.keeper.token, [short]);
    const [again] = await sync(staff.keeper.token, [short]);
    expect(again).toEqual(first);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sync_ops where op_id = ${short.opId as string}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('parks an op of a deleted item (item_gone), too old (too_old) and of an Inactive store; rejects one of a store not the keeper’s, parking nothing there', async () => {
    const other = await createStoreWithStaff(t.app, t.database.db);
    const theirs = await createMaterial(t.app, other.keeper.token, { totalQuantity: 10 });
    const gone = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const deleted = await call(staff.admin.token, 'DELETE' as 'POST', `/api/products/delete-product/${gone._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });

    const results = await sync(staff.keeper.token, [
      op(gone._id, 'issue', 1),
      op(theirs._id, 'issue', 1, { storeId: other.store._id }),
      op(cement._id, 'issue', 1, { capturedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
    ]);
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['parked', 'item_gone', 'This item was deleted.'],
      ['rejected', 'forbidden', 'This store is no longer one of yours.'],
      ['parked', 'too_old', 'Recorded more than 30 days ago: check it before it goes into the ledger.'],
    ]);

    const closing = await createStoreWithStaff(t.app, t.database.db);
    const sand = await createMaterial(t.app, closing.keeper.token, { totalQuantity: 10 });
    const inactive = await call(closing.admin.token, 'PUT' as 'POST', `/api/stores/update/${closing.store._id}`, {
      name: closing.store.name,
      location: 'Yard',
      isActive: false,
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    const [closed] = await sync(closing.keeper.token, [op(sand._id, 'issue', 1, { storeId: closing.store._id })]);
    expect(closed).toMatchObject({ status: 'parked', code: 'store_closed' });
    expect(closed?.message).toMatch(/is Inactive/);
    expect(await material(theirs._id)).toMatchObject({ available_quantity: 10 });
    // Nothing of this keeper's waits in the other store's Needs attention list.
    const theirList = (await call(other.keeper.token, 'GET', '/api/sync/parked')).json().parked as { itemId: string }[];
    expect(theirList.filter((row) => row.itemId === theirs._id)).toEqual([]);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 10 });
    expect(await material(sand._id)).toMatchObject({ available_quantity: 10 });
  });

  it('applies two sendings of the same batch at the same moment once', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    const ops = Array.from({ length: 10 }, () => op(cement._id, 'issue', 1));
    const [a, b, c] = await Promise.all([sync(staff.keeper.token, ops), sync(staff.keeper.token, ops), sync(staff.keeper.token, ops)]);
    for (let i = 0; i < ops.length; i += 1) {
      const ids = [a[i], b[i], c[i]].map((r) => r?.movementId);
      expect(new Set(ids).size, JSON.stringify([a[i], b[i], c[i]])).toBe(1);
      expect([a[i], b[i], c[i]].filter((r) => r?.status === 'applied')).toHaveLength(1);
    }
    expect(await material(cement._id)).toMatchObject({ available_quantity: 40 });
    expect(await countMovements(t.database.db, cement._id)).toBe(11);
  });
});

describe('parked movements', () => {
  async function parkShortIssue(token = staff.keeper.token, available = 5, quantity = 8) {
    const cement = await createMaterial(t.app, token, { totalQuantity: available });
    const [result] = await sync(token, [op(cement._id, 'issue', quantity)]);
    expect(result).toMatchObject({ status: 'parked', code: 'insufficient_stock', available });
    return { cement, parkedId: result?.parkedId as string };
  }

  it('lists the open parked ops of the keeper’s stores with the server’s message, and the admin’s of every store', async () => {
    const { cement, parkedId } = await parkShortIssue();
    const mine = await call(staff.keeper.token, 'GET', `/api/sync/parked?storeId=${staff.store._id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const row = (mine.json().parked as Json[]).find((p) => p._id === parkedId);
    expect(row).toMatchObject({
      itemName: cement.name,
      unit: 'bag',
      quantity: 8,
      available: 5,
      code: 'insufficient_stock',
      message: 'Not enough stock available',
      state: 'open',
      store: { _id: staff.store._id, name: staff.store.name },
      recordedBy: 'Pat Keeper',
    });
    const all = await call(staff.admin.token, 'GET', '/api/sync/parked');
    expect((all.json().parked as Json[]).some((p) => p._id === parkedId)).toBe(true);

    const other = await createStoreWithStaff(t.app, t.database.db);
    const theirs = await call(other.keeper.token, 'GET', '/api/sync/parked');
    expect((theirs.json().parked as Json[]).some((p) => p._id === parkedId)).toBe(false);
    expect((await call(other.keeper.token, 'GET', `/api/sync/parked?storeId=${staff.store._id}`)).statusCode).toBe(403);
    expect((await call(other.keeper.token, 'POST', `/api/sync/parked/${parkedId}/apply`, {})).statusCode).toBe(404);
  });

  it('applies a parked op with a changed quantity as one movement at its capture time, once, and audits it', async () => {
    const { cement, parkedId } = await parkShortIssue();
    const refused = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough stock available');

    const applied = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/apply`, { quantity: 5 });
    expect(applied.statusCode, applied.body).toBe(200);
    const parked = applied.json().parked;
    expect(parked).toMatchObject({ state: 'applied', resolvedBy: 'Pat Keeper' });
    const recorded = await movement(parked.movementId);
    expect(recorded).toMatchObject({ kind: 'issue', quantity: 5 });
    expect(new Date(recorded?.occurred_at as Date).toISOString()).toBe(parked.capturedAt);

    const again = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/apply`, { quantity: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json().parked.movementId).toBe(parked.movementId);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 0, consumed_quantity: 5 });
    expect(await countMovements(t.database.db, cement._id)).toBe(2);

    const open = (await call(staff.keeper.token, 'GET', '/api/sync/parked')).json().parked as Json[];
    expect(open.some((p) => p._id === parkedId)).toBe(false);
    const discard = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/discard`, { reason: 'Counted twice' });
    expect(discard.statusCode).toBe(409);
    expect(discard.json().message).toBe('This movement was already applied.');

    const audit = (await call(staff.admin.token, 'GET', '/api/audit?entityType=parked_movement&limit=50')).json().events as Json[];
    expect(audit.find((e) => e.entityId === parkedId)).toMatchObject({
      action: 'apply',
      details: expect.objectContaining({ quantity: 5 }),
    });
  });

  it('discards a parked op with a reason, once; it never reaches the ledger and cannot be applied after', async () => {
    const { cement, parkedId } = await parkShortIssue();
    expect((await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/discard`, { reason: ' ' })).statusCode).toBe(400);
    const discarded = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/discard`, { reason: 'Entered twice' });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json().parked).toMatchObject({ state: 'discarded', discardReason: 'Entered twice', movementId: null });
    const again = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/discard`, { reason: 'Entered twice' });
    expect(again.statusCode).toBe(200);
    const apply = await call(staff.admin.token, 'POST', `/api/sync/parked/${parkedId}/apply`, {});
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe('This movement was already discarded.');
    expect(await countMovements(t.database.db, cement._id)).toBe(1);
    const audit = (await call(staff.admin.token, 'GET', '/api/audit?entityType=parked_movement&action=discard&limit=50')).json()
      .events as Json[];
    expect(audit.find((e) => e.entityId === parkedId)).toMatchObject({ details: expect.objectContaining({ reason: 'Entered twice' }) });
  });

  it("applies a keeper's op captured too long ago only as an admin, today or on a day they choose, never at the phone's date", async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const [old] = await sync(staff.keeper.token, [op(cement._id, 'issue', 1, { capturedAt: '1901-03-04T10:00:00.000Z' })]);
    expect(old).toMatchObject({ status: 'parked', code: 'too_old' });
    const byKeeper = await call(staff.keeper.token, 'POST', `/api/sync/parked/${old?.parkedId}/apply`, {});
    expect(byKeeper.statusCode).toBe(403);
    expect(byKeeper.json().message).toBe(
      "Recorded more than 30 days ago: only an admin can apply it, at today's date or a day they choose.",
    );
    const withDay = await call(staff.keeper.token, 'POST', `/api/sync/parked/${old?.parkedId}/apply`, { day: '1901-03-04' });
    expect(withDay.statusCode).toBe(403);

    const byAdmin = await call(staff.admin.token, 'POST', `/api/sync/parked/${old?.parkedId}/apply`, {});
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const recorded = await movement(byAdmin.json().parked.movementId);
    expect(Date.now() - new Date(recorded?.occurred_at ?? 0).getTime()).toBeLessThan(60_000);

    const [another] = await sync(staff.keeper.token, [op(cement._id, 'issue', 1, { capturedAt: '1901-03-04T10:00:00.000Z' })]);
    const chosen = await call(staff.admin.token, 'POST', `/api/sync/parked/${another?.parkedId}/apply`, { day: '2026-01-15' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(new Date((await movement(chosen.json().parked.movementId))?.occurred_at ?? 0).toISOString().slice(0, 10)).toBe('2026-01-15');
  });

  it('refuses to apply an op whose sender may no longer record in its store', async () => {
    const keeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const cement = await createMaterial(t.app, keeper.token, { totalQuantity: 1 });
    const [short] = await sync(keeper.token, [op(cement._id, 'issue', 5)]);
    expect(short).toMatchObject({ status: 'parked', code: 'insufficient_stock' });
    const removed = await call(staff.admin.token, 'DELETE' as 'POST', `/api/auth/delete-user/${keeper._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const applied = await call(staff.admin.token, 'POST', `/api/sync/parked/${short?.parkedId}/apply`, { quantity: 1 });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe('The person who recorded this can no longer record in this store: discard it, or record it again.');
    expect(await material(cement._id)).toMatchObject({ available_quantity: 1 });
  });

  it("parks at most 500 of one sender's ops in a store; past that the op is rejected as parked_full and nothing more is parked", async () => {
    // A store of its own, so its 500 waiting ops fill no other test's list.
    const site = await createStoreWithStaff(t.app, t.database.db);
    const cement = await createMaterial(t.app, site.keeper.token, { totalQuantity: 0 });
    const results: Json[] = [];
    for (let sent = 0; sent < 502; sent += 200) {
      const ops = Array.from({ length: Math.min(200, 502 - sent) }, () => op(cement._id, 'issue', 1, { storeId: site.store._id }));
      results.push(...(await sync(site.keeper.token, ops)));
    }
    expect(results.filter((r) => r.status === 'parked')).toHaveLength(500);
    expect(results.slice(500).map((r) => [r.status, r.code])).toEqual([
      ['rejected', 'parked_full'],
      ['rejected', 'parked_full'],
    ]);
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sync_ops where store_id = ${site.store._id} and state = 'parked'`,
    );
    expect(open?.n).toBe(500);
  }, 120_000);

  it('applies a parked op once when two people apply it at the same moment', async () => {
    const { cement, parkedId } = await parkShortIssue(staff.keeper.token, 10, 11);
    const both = await Promise.all([
      call(staff.keeper.token, 'POST', `/api/sync/parked/${parkedId}/apply`, { quantity: 4 }),
      call(staff.admin.token, 'POST', `/api/sync/parked/${parkedId}/apply`, { quantity: 4 }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().parked.movementId).toBe(both[1]?.json().parked.movementId);
    expect(await material(cement._id)).toMatchObject({ available_quantity: 6 });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('a tool issue that hands the tools to a worker', () => {
  async function worker(name: string) {
    const response = await call(staff.keeper.token, 'POST', '/api/workers', { name, trade: 'Mason' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().worker as { _id: string; name: string };
  }

  async function custodyOf(toolId: string) {
    return queryRows<{ worker_id: string; quantity: number; outstanding: number; issued_at: Date; due_at: Date }>(
      t.database.db,
      sql`select worker_id, quantity, outstanding, issued_at, due_at from custody where tool_id = ${toolId}`,
    );
  }

  it('opens the custody record and its checkout at the time captured, once however often it is sent', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const ravi = await worker(`Ravi ${randomUUID().slice(0, 6)}`);
    const capturedAt = new Date(Math.floor((Date.now() - 2 * 86_400_000) / 60_000) * 60_000).toISOString();
    const handover = op(drill._id, 'tool-issue', 2, { workerId: ravi._id, capturedAt });
    const [first] = await sync(staff.keeper.token, [handover]);
    expect(first).toMatchObject({ status: 'applied', movementId: expect.any(String) });
    const [again] = await sync(staff.keeper.token, [handover]);
    expect(again).toMatchObject({ status: 'duplicate', movementId: first?.movementId });

    const records = await custodyOf(drill._id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ worker_id: ravi._id, quantity: 2, outstanding: 2 });
    expect(new Date(records[0]?.issued_at as Date).toISOString()).toBe(capturedAt);
    // Due by the end of the working day it was handed over, so it is overdue now.
    expect(new Date(records[0]?.due_at as Date).getTime()).toBeLessThan(Date.now());
    const checkout = await movement(first?.movementId as string);
    expect(checkout).toMatchObject({ kind: 'checkout', quantity: 2 });
    expect(new Date(checkout?.occurred_at as Date).toISOString()).toBe(capturedAt);
    const out = (await call(staff.keeper.token, 'GET', `/api/custody?toolId=${drill._id}`)).json().custody as Json[];
    expect(out).toEqual([expect.objectContaining({ outstanding: 2, isOverdue: true })]);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('answers duplicate for a handover whose single call was recorded but whose answer was lost', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const lee = await worker(`Lee ${randomUUID().slice(0, 6)}`);
    const handover = op(drill._id, 'tool-issue', 1, { workerId: lee._id });
    const single = await t.app.inject({
      method: 'POST',
      url: `/api/tools/${drill._id}/checkout`,
      headers: { ...bearer(staff.keeper.token), 'idempotency-key': handover.opId as string },
      payload: { workerId: lee._id, quantity: 1 },
    });
    expect(single.statusCode, single.body).toBe(201);
    const [synced] = await sync(staff.keeper.token, [handover]);
    expect(synced).toMatchObject({ status: 'duplicate', movementId: single.json().movementId });
    expect(await custodyOf(drill._id)).toHaveLength(1);
  });

  it('parks a handover to a worker who left, and applies it once they are active again', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const sam = await worker(`Sam ${randomUUID().slice(0, 6)}`);
    expect((await call(staff.keeper.token, 'PUT', `/api/workers/${sam._id}`, { active: false })).statusCode).toBe(200);
    const handover = op(drill._id, 'tool-issue', 1, { workerId: sam._id, dueAt: new Date(Date.now() + 86_400_000).toISOString() });
    const [parked] = await sync(staff.keeper.token, [handover]);
    expect(parked).toMatchObject({ status: 'parked', code: 'worker_gone', message: 'The worker is no longer active in this store.' });
    expect(await custodyOf(drill._id)).toEqual([]);
    const list = (await call(staff.keeper.token, 'GET', `/api/sync/parked?storeId=${staff.store._id}&limit=100`)).json().parked as Json[];
    expect(list.find((p) => p._id === parked?.parkedId)).toMatchObject({ worker: { _id: sam._id, name: sam.name }, dueAt: handover.dueAt });

    const refused = await call(staff.keeper.token, 'POST', `/api/sync/parked/${parked?.parkedId}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This worker is inactive. Mark them active again to hand them tools.');
    expect((await call(staff.keeper.token, 'PUT', `/api/workers/${sam._id}`, { active: true })).statusCode).toBe(200);
    const applied = await call(staff.admin.token, 'POST', `/api/sync/parked/${parked?.parkedId}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await custodyOf(drill._id)).toEqual([expect.objectContaining({ worker_id: sam._id, outstanding: 1 })]);
    // Recorded as the keeper's, who handed it over, though the admin applied it.
    const checkout = await queryRows<{ actor_id: string }>(
      t.database.db,
      sql`select actor_id from movements where id = ${applied.json().parked.movementId}`,
    );
    expect(checkout[0]?.actor_id).toBe(staff.keeper._id);
  });

  it('parks a handover of more tools than are in, with how many are; refuses a worker on other kinds and a due date alone', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 1 });
    const ana = await worker(`Ana ${randomUUID().slice(0, 6)}`);
    const results = await sync(staff.keeper.token, [
      op(drill._id, 'tool-issue', 2, { workerId: ana._id }),
      op(drill._id, 'tool-damage', 1, { workerId: ana._id }),
      op(drill._id, 'tool-issue', 1, { dueAt: '2030-01-01' }),
      op(drill._id, 'tool-issue', 1, { workerId: ana._id, dueAt: '2020-01-01' }),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['parked', 'insufficient_stock'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
      ['rejected', 'invalid'],
    ]);
    expect(results[0]?.available).toBe(1);
    expect(results.slice(1).map((r) => r.message)).toEqual([
      'Only a tool issue names a worker.',
      'A due date needs a worker.',
      'The due date cannot be in the past.',
    ]);
    expect(await custodyOf(drill._id)).toEqual([]);
    expect(await countMovements(t.database.db, drill._id)).toBe(1);
  });
});
