import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createPlacedOrder, createStore, createStoreWithStaff, createUser } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

type Json = Record<string, unknown>;
type Lines = { lineId: string; received?: number; damaged?: number }[];

function send(method: 'GET' | 'POST', url: string, payload?: object, token = staff.keeper.token, headers: Json = {}) {
  return t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
}

/** A receipt as a phone queues it: captured `minutesAgo` minutes ago in the staff's store. */
function receiptOp(orderId: string, lines: Lines, minutesAgo = 5, extra: Json = {}): Json {
  return {
    opId: randomUUID(),
    kind: 'po-receipt',
    purchaseOrderId: orderId,
    storeId: staff.store._id,
    capturedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    receivedAt: today,
    deliveryNote: 'DN-77',
    lines,
    ...extra,
  };
}

async function sync(ops: Json[], token = staff.keeper.token) {
  const answer = await send('POST', '/api/sync/movements', { ops }, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as Json[];
}

async function available(materialId: string) {
  const [row] = await queryRows<{ available_quantity: number }>(
    t.database.db,
    sql`select available_quantity::float8 from materials where id = ${materialId}`,
  );
  return row?.available_quantity;
}

async function orderOf(id: string) {
  return (await send('GET', `/api/purchase-orders/${id}`)).json() as { status: string; lines: { received: number }[] };
}

describe('receipts against purchase orders in the sync batch', () => {
  it('record two receipts queued offline once; after a receipt made online first, the one that no longer fits is parked with its reason', async () => {
    const { order, lineId, material } = await createPlacedOrder(t.app, staff, { quantity: 100 });
    const first = receiptOp(order._id, [{ lineId, received: 50 }], 20);
    const second = receiptOp(order._id, [{ lineId, received: 28, damaged: 2 }], 10);
    const online = await send('POST', `/api/purchase-orders/${order._id}/receipts`, {
      receivedAt: today,
      lines: [{ lineId, received: 40 }],
    });
    expect(online.statusCode, online.body).toBe(201);

    // 40 + 50 fit the 100 ordered; 30 more would take the line past 110 (its 10 % tolerance).
    const results = await sync([second, first]);
    expect(results[1]).toMatchObject({ opId: first.opId, status: 'applied', receiptId: expect.any(String) });
    expect(results[0]).toMatchObject({
      opId: second.opId,
      status: 'parked',
      code: 'receipt_refused',
      message: expect.stringContaining(material.name),
      parkedId: expect.any(String),
    });
    expect(await available(material._id)).toBe(90);
    expect((await orderOf(order._id)).status).toBe('partially_received');

    // Sent again (the answer was lost): the same answers, nothing recorded twice.
    const again = await sync([first, second]);
    expect(again[0]).toMatchObject({ status: 'duplicate' });
    expect(again[1]).toMatchObject({ status: 'parked', parkedId: results[0]?.parkedId });
    expect(await available(material._id)).toBe(90);

    const parked = (await send('GET', '/api/sync/parked', undefined, staff.admin.token)).json().parked as Json[];
    const row = parked.find((entry) => entry._id === results[0]?.parkedId);
    expect(row).toMatchObject({
      kind: 'po-receipt',
      itemKind: null,
      quantity: 30,
      recordedBy: expect.any(String),
      receipt: {
        purchaseOrder: { _id: order._id, number: order.number },
        receivedAt: today,
        deliveryNote: 'DN-77',
        lines: [{ lineId, name: material.name, unit: 'bag', received: 28, damaged: 2 }],
      },
    });

    // A person records what of it really came: within the tolerance it goes in, as the keeper who received it.
    const parkedId = results[0]?.parkedId as string;
    const withQuantity = await send('POST', `/api/sync/parked/${parkedId}/apply`, { quantity: 5 }, staff.admin.token);
    expect(withQuantity.statusCode).toBe(400);
    expect(withQuantity.json().message).toBe('Only a parked receipt takes lines; a movement takes a quantity.');
    const applied = await send('POST', `/api/sync/parked/${parkedId}/apply`, { lines: [{ lineId, received: 10 }] }, staff.admin.token);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().parked).toMatchObject({ state: 'applied' });
    expect(await available(material._id)).toBe(100);
    expect((await orderOf(order._id)).status).toBe('received');
    const [receipt] = await queryRows<{ received_by: string; received: number }>(
      t.database.db,
      sql`select r.received_by, l.received::float8 from sync_ops o join purchase_receipts r on r.id = o.receipt_id
          join purchase_receipt_lines l on l.receipt_id = r.id where o.id = ${parkedId}`,
    );
    expect(receipt).toEqual({ received_by: staff.keeper._id, received: 10 });
    expect((await sync([second]))[0]).toMatchObject({ status: 'duplicate' });
  });

  it('brings goods in before the batch issues them, and answers a receipt the single call recorded as a duplicate', async () => {
    const { order, lineId, material } = await createPlacedOrder(t.app, staff, { quantity: 50 });
    const receipt = receiptOp(order._id, [{ lineId, received: 50 }], 10);
    const issue = {
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: material._id,
      quantity: 30,
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
      storeId: staff.store._id,
    };
    const results = await sync([issue, receipt]);
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await available(material._id)).toBe(20);

    const other = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const key = randomUUID();
    const single = await send(
      'POST',
      `/api/purchase-orders/${other.order._id}/receipts`,
      { receivedAt: today, lines: [{ lineId: other.lineId, received: 4 }] },
      staff.keeper.token,
      { 'idempotency-key': key },
    );
    expect(single.statusCode, single.body).toBe(201);
    const lost = receiptOp(other.order._id, [{ lineId: other.lineId, received: 4 }], 1, { opId: key, deliveryNote: '' });
    expect((await sync([lost]))[0]).toMatchObject({ status: 'duplicate' });
    expect(await available(other.material._id)).toBe(4);
  });

  it('refuses a receipt for another store, another store of a keeper, or an opId sent with other lines, and parks a closed order', async () => {
    const { order, lineId, material } = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const elsewhere = await createStore(t.app, staff.admin.token);
    const [wrongStore] = await sync([receiptOp(order._id, [{ lineId, received: 1 }], 5, { storeId: elsewhere._id })]);
    expect(wrongStore).toMatchObject({
      status: 'rejected',
      code: 'invalid',
      message: 'The purchase order is not for the store the receipt names.',
    });
    const stranger = await createUser(t.app, staff.admin.token, { role: 'user', storeId: elsewhere._id });
    const [forbidden] = await sync([receiptOp(order._id, [{ lineId, received: 1 }])], stranger.token);
    expect(forbidden).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const [unknown] = await sync([receiptOp(randomUUID(), [{ lineId, received: 1 }])]);
    expect(unknown).toMatchObject({ status: 'rejected', code: 'invalid', message: 'Purchase order not found' });
    const [malformed] = await sync([receiptOp(order._id, [{ lineId, received: 0 }])]);
    expect(malformed).toMatchObject({ status: 'rejected', code: 'invalid', message: 'Enter what arrived.' });

    const sent = receiptOp(order._id, [{ lineId, received: 2 }]);
    expect((await sync([sent]))[0]).toMatchObject({ status: 'applied' });
    const [mismatch] = await sync([{ ...sent, lines: [{ lineId, received: 3 }] }]);
    expect(mismatch).toMatchObject({ status: 'rejected', code: 'key_mismatch' });

    const closed = await send('POST', `/api/purchase-orders/${order._id}/close`, { reason: 'Supplier out of stock' }, staff.admin.token);
    expect(closed.statusCode, closed.body).toBe(200);
    const [late] = await sync([receiptOp(order._id, [{ lineId, received: 8 }])]);
    expect(late).toMatchObject({ status: 'parked', code: 'receipt_refused', message: expect.stringContaining(order.number) });
    const discarded = await send('POST', `/api/sync/parked/${late?.parkedId}/discard`, { reason: 'Sent back at the gate' });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(await available(material._id)).toBe(2);
  });

  it('records one receipt when the same op arrives twice at once', async () => {
    const { order, lineId, material } = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const queued = receiptOp(order._id, [{ lineId, received: 10 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sync([queued])));
    const statuses = answers.map(([result]) => result?.status).sort();
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(5);
    expect(await available(material._id)).toBe(10);
    expect((await orderOf(order._id)).lines[0]?.received).toBe(10);
  });
});
