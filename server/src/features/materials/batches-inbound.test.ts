import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPlacedOrder, createStore, createUser, unique } from '../../../test/factories';
import { databaseName, inDays, type Json, today, useStaffedApp } from '../../../test/staffed-app';

const { app, staff, call } = useStaffedApp();
const database = databaseName;
const admin = () => staff().admin.token;

async function sealantAt(token: string) {
  const response = await call(token, 'POST', '/api/user/add-product', { name: unique('Sealant'), unit: 'tube', tracksExpiry: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { _id: string; name: string };
}
async function batchesOf(token: string, id: string) {
  const response = await call(token, 'GET', `/api/materials/${id}/batches`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().batches as Json[]).map((row) => [row.batch, row.expiresOn, row.quantity]);
}

describe(`batches that come in from outside (${database})`, () => {
  it('a supplier delivery brings its batch, an edit moves that batch or swaps it, a deletion takes it back', async () => {
    const material = await sealantAt(staff().keeper.token);
    const entry = (body: Json) => ({ productId: material._id, supplier: 'Sika', date: today, ...body });
    const missing = await call(admin(), 'POST', '/api/add-inventory', entry({ quantity: 10 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('kept by batch');
    const created = await call(admin(), 'POST', '/api/add-inventory', entry({ quantity: 10, batch: 'D1', expiresOn: inDays(60) }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().entry).toMatchObject({ quantity: 10, batch: 'D1', expiresOn: inDays(60) });
    expect(await batchesOf(admin(), material._id)).toEqual([['D1', inDays(60), 10]]);

    const id = created.json().entry._id as string;
    const lower = await call(admin(), 'PUT', `/api/update-inventory/${id}`, entry({ quantity: 7, batch: 'D1', expiresOn: inDays(60) }));
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await batchesOf(admin(), material._id)).toEqual([['D1', inDays(60), 7]]);
    const swapped = await call(admin(), 'PUT', `/api/update-inventory/${id}`, entry({ quantity: 9, batch: 'D2', expiresOn: inDays(90) }));
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await batchesOf(admin(), material._id)).toEqual([['D2', inDays(90), 9]]);
    const listed = (await call(admin(), 'GET', '/api/all-inventory?limit=500')).json() as Json[];
    expect(listed.find((row) => row._id === id)).toMatchObject({ batch: 'D2', expiresOn: inDays(90) });

    expect((await call(admin(), 'DELETE', `/api/delete-inventory/${id}`)).statusCode).toBe(200);
    expect(await batchesOf(admin(), material._id)).toEqual([]);
  });

  it('a purchase-order receipt brings its batch, what arrived damaged leaves it, and a return to the supplier names it', async () => {
    const { material, supplier, order, lineId } = await createPlacedOrder(app().app, staff(), { quantity: 20, unitCost: '12' });
    expect((await call(admin(), 'PATCH', `/api/materials/${material._id}`, { tracksExpiry: true })).statusCode).toBe(200);
    const receive = (line: Json) =>
      call(admin(), 'POST', `/api/purchase-orders/${order._id}/receipts`, { receivedAt: today, lines: [{ lineId, ...line }] });
    const unnamed = await receive({ received: 5 });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toContain('kept by batch');
    const received = await receive({ received: 8, damaged: 2, batch: 'P1', expiresOn: inDays(30) });
    expect(received.statusCode, received.body).toBe(201);
    expect(await batchesOf(admin(), material._id)).toEqual([['P1', inDays(30), 8]]);

    const back = (batch: string) =>
      call(staff().keeper.token, 'POST', '/api/supplier-returns', {
        supplierId: supplier._id,
        storeId: staff().store._id,
        purchaseOrderId: order._id,
        reason: 'Wrong grade',
        lines: [{ materialId: material._id, quantity: 3, batch }],
      });
    const unknown = await back('P9');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toContain('no batch P9');
    expect((await back('P1')).statusCode).toBe(201);
    expect(await batchesOf(admin(), material._id)).toEqual([['P1', inDays(30), 5]]);
  });

  it('a transfer carries the batches it dispatched to the receiving store, damaged ones leaving there', async () => {
    const site = await createStore(app().app, admin());
    const siteKeeper = await createUser(app().app, admin(), { role: 'user', storeId: site._id });
    const material = await sealantAt(staff().keeper.token);
    for (const [batch, quantity, days] of [
      ['B', 10, 100],
      ['A', 5, 10],
    ] as const) {
      const bought = await call(staff().keeper.token, 'POST', '/api/user/add-restock-product', {
        name: material.name,
        quantity,
        batch,
        expiresOn: inDays(days),
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const made = await call(staff().keeper.token, 'POST', '/api/transfers', {
      fromStoreId: staff().store._id,
      toStoreId: site._id,
      lines: [{ materialId: material._id, quantity: 8 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const transfer = made.json().transfer as { _id: string; lines: { _id: string }[] };
    expect((await call(staff().keeper.token, 'POST', `/api/transfers/${transfer._id}/dispatch`)).statusCode).toBe(200);
    expect(await batchesOf(staff().keeper.token, material._id)).toEqual([['B', inDays(100), 7]]);

    const lineId = transfer.lines[0]?._id;
    const receive = (received: number, damaged = 0) =>
      call(siteKeeper.token, 'POST', `/api/transfers/${transfer._id}/receive`, { lines: [{ lineId, received, damaged }] });
    const first = await receive(5, 1);
    expect(first.statusCode, first.body).toBe(200);
    const arrived = first.json().transfer.lines[0].toItemId as string;
    // 6 in: all 5 of A and 1 of B; the damaged one leaves A.
    expect(await batchesOf(siteKeeper.token, arrived)).toEqual([
      ['A', inDays(10), 4],
      ['B', inDays(100), 1],
    ]);
    expect((await receive(2)).statusCode).toBe(200);
    expect(await batchesOf(siteKeeper.token, arrived)).toEqual([
      ['A', inDays(10), 4],
      ['B', inDays(100), 3],
    ]);
  });

  it("a phone's ops name batches: a purchase brings its batch, an issue takes the one named, and a parked op keeps its batch", async () => {
    const material = await sealantAt(staff().keeper.token);
    const op = (kind: string, quantity: number, extra: Json = {}) => ({
      opId: randomUUID(),
      kind,
      itemKind: 'material',
      itemId: material._id,
      quantity,
      reason: '',
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
      storeId: staff().store._id,
      ...extra,
    });
    const sync = async (ops: Json[]) => {
      const response = await call(staff().keeper.token, 'POST', '/api/sync/movements', { ops });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results as Json[];
    };
    const [unnamed] = await sync([op('restock', 5)]);
    expect(unnamed).toMatchObject({ status: 'rejected', code: 'invalid' });
    expect(String(unnamed?.message)).toContain('kept by batch');
    const restocks = await sync([
      op('restock', 5, { batch: 'S1', expiresOn: inDays(20) }),
      op('restock', 5, { batch: 'S2', expiresOn: inDays(40) }),
    ]);
    expect(restocks.map((result) => result.status)).toEqual(['applied', 'applied']);
    const [issued] = await sync([op('issue', 2, { batch: 'S2' })]);
    expect(issued?.status).toBe('applied');
    expect(await batchesOf(admin(), material._id)).toEqual([
      ['S1', inDays(20), 5],
      ['S2', inDays(40), 3],
    ]);

    // Four of S2, which holds three: parked; once S2 has more, applying it takes from S2 still.
    const [parked] = await sync([op('issue', 4, { batch: 'S2' })]);
    expect(parked).toMatchObject({ status: 'parked' });
    const more = await call(staff().keeper.token, 'POST', '/api/user/add-restock-product', {
      name: material.name,
      quantity: 2,
      batch: 'S2',
      expiresOn: inDays(40),
    });
    expect(more.statusCode, more.body).toBe(200);
    const applied = await call(staff().keeper.token, 'POST', `/api/sync/parked/${parked?.parkedId}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await batchesOf(admin(), material._id)).toEqual([
      ['S1', inDays(20), 5],
      ['S2', inDays(40), 1],
    ]);
  });
});
