import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStore, createUser, unique } from '../../../test/factories';
import { databaseName, inDays, type Json, useStaffedApp } from '../../../test/staffed-app';
import { queryRows } from '../../db/sql';

const { app, staff, call } = useStaffedApp();
const database = databaseName;
const keeper = () => staff().keeper.token;

async function sealant(input: Json = {}) {
  const response = await call(keeper(), 'POST', '/api/user/add-product', {
    name: unique('Sealant'),
    unit: 'tube',
    tracksExpiry: true,
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { _id: string; name: string };
}
const receive = (name: string, quantity: number, batch?: string, expiresOn?: string) =>
  call(keeper(), 'POST', '/api/user/add-restock-product', { name, quantity, batch, expiresOn });
const issue = (productId: string, quantity: number, batch?: string) =>
  call(keeper(), 'POST', '/api/user/consume-stock', { productId, quantity, ...(batch ? { batch } : {}) });
async function batchesOf(id: string) {
  const response = await call(keeper(), 'GET', `/api/materials/${id}/batches`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().batches as Json[];
}
async function linesOf(id: string) {
  const response = await call(staff().admin.token, 'GET', `/api/movements?itemId=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().movements as Json[];
}

describe(`batches and expiry (${database})`, () => {
  it('keeps stock per batch: an issue naming none takes the batch that expires first, split over batches when it must', async () => {
    const material = await sealant();
    expect((await receive(material.name, 10, 'B', inDays(100))).statusCode).toBe(200);
    expect((await receive(material.name, 5, 'A', inDays(10))).statusCode).toBe(200);
    expect(await batchesOf(material._id)).toEqual([
      { batch: 'A', expiresOn: inDays(10), quantity: 5, isExpired: false },
      { batch: 'B', expiresOn: inDays(100), quantity: 10, isExpired: false },
    ]);
    const first = await issue(material._id, 3);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().product.availableQuantity).toBe(12);
    expect((await batchesOf(material._id)).map((row) => [row.batch, row.quantity])).toEqual([
      ['A', 2],
      ['B', 10],
    ]);
    // 4 more: the 2 left of A, then 2 of B, as two ledger lines.
    expect((await issue(material._id, 4)).statusCode).toBe(200);
    expect((await batchesOf(material._id)).map((row) => [row.batch, row.quantity])).toEqual([['B', 8]]);
    const issues = (await linesOf(material._id)).filter((line) => line.kind === 'issue');
    expect(issues.map((line) => [line.quantity, (line.batch as Json).name])).toEqual(
      expect.arrayContaining([
        [3, 'A'],
        [2, 'A'],
        [2, 'B'],
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it("lists every batch in stock of the caller's stores for the phone to keep, a page at a time, and none of another store's", async () => {
    const first = await sealant();
    const second = await sealant();
    expect((await receive(first.name, 4, 'F1', inDays(40))).statusCode).toBe(200);
    expect((await receive(first.name, 2, 'F0', inDays(-1))).statusCode).toBe(200);
    expect((await receive(second.name, 3, 'S1', inDays(5))).statusCode).toBe(200);
    expect((await issue(second._id, 3)).statusCode).toBe(200);
    const all = await call(keeper(), 'GET', '/api/batches?limit=500');
    expect(all.statusCode, all.body).toBe(200);
    const mine = (all.json().batches as Json[]).filter((row) => row.materialId === first._id || row.materialId === second._id);
    // S1 is used up: only batches in stock are kept.
    expect(mine).toEqual([
      { materialId: first._id, batch: 'F0', expiresOn: inDays(-1), quantity: 2, isExpired: true },
      { materialId: first._id, batch: 'F1', expiresOn: inDays(40), quantity: 4, isExpired: false },
    ]);
    const paged = await call(keeper(), 'GET', '/api/batches?limit=1&offset=1');
    expect(paged.json().batches).toHaveLength(1);
    expect(paged.json().total).toBe(all.json().total);

    const elsewhere = await createStore(app().app, staff().admin.token);
    const stranger = await createUser(app().app, staff().admin.token, { role: 'user', storeId: elsewhere._id });
    expect((await call(stranger.token, 'GET', '/api/batches')).json()).toEqual({ batches: [], total: 0 });
    expect((await call(stranger.token, 'GET', `/api/batches?storeId=${staff().store._id}`)).statusCode).toBe(403);
    expect((await call(keeper(), 'GET', '/api/batches?colour=red')).statusCode).toBe(400);
  });

  it('refuses an issue of an expired batch, accepts its damage, and never takes it for an issue naming none', async () => {
    const material = await sealant();
    expect((await receive(material.name, 4, 'C', inDays(-2))).statusCode).toBe(200);
    expect((await receive(material.name, 3, 'D', inDays(50))).statusCode).toBe(200);
    const named = await issue(material._id, 1, 'C');
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toContain(`Batch C of ${material.name} expired on`);
    const tooMuch = await issue(material._id, 5);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain(`Not enough unexpired ${material.name} in stock: batch C expired on`);
    expect((await issue(material._id, 3)).statusCode).toBe(200);
    const damaged = await call(keeper(), 'POST', '/api/user/add-damaged-stock', {
      productId: material._id,
      damagedQuantity: 4,
      batch: 'C',
    });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(damaged.json().product.availableQuantity).toBe(0);
    expect(await batchesOf(material._id)).toEqual([]);
  });

  it('refuses an inbound line without a batch, a batch of another expiry, and a batch for a material not kept by batch', async () => {
    const material = await sealant();
    const bare = await receive(material.name, 1);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(`${material.name} is kept by batch: name the batch and the day it expires.`);
    expect((await receive(material.name, 1, 'E', inDays(20))).statusCode).toBe(200);
    const otherDay = await receive(material.name, 1, 'E', inDays(21));
    expect(otherDay.statusCode).toBe(409);
    const plain = await call(keeper(), 'POST', '/api/user/add-product', { name: unique('Sand'), unit: 'm3' });
    const untracked = await receive(plain.json().product.name, 1, 'X', inDays(5));
    expect(untracked.statusCode).toBe(400);
    const short = await issue(material._id, 2, 'E');
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`Batch E of ${material.name} holds only 1.`);
  });

  it('starts with a batch, puts stock in UNBATCHED when tracking is turned on, and takes a reversal back to its batch', async () => {
    const opened = await sealant({ totalQuantity: 6, batch: 'F', expiresOn: inDays(30) });
    expect(await batchesOf(opened._id)).toEqual([{ batch: 'F', expiresOn: inDays(30), quantity: 6, isExpired: false }]);
    const plain = await call(keeper(), 'POST', '/api/user/add-product', { name: unique('Admix'), unit: 'l', totalQuantity: 9 });
    const id = plain.json().product._id as string;
    const turnedOn = await call(staff().admin.token, 'PATCH', `/api/materials/${id}`, { tracksExpiry: true });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect(turnedOn.json().product.tracksExpiry).toBe(true);
    expect(await batchesOf(id)).toEqual([{ batch: 'UNBATCHED', expiresOn: null, quantity: 9, isExpired: false }]);
    const issued = await issue(opened._id, 2);
    expect(issued.statusCode).toBe(200);
    const [line] = (await linesOf(opened._id)).filter((row) => row.kind === 'issue');
    const reversed = await call(keeper(), 'POST', `/api/movements/${(line as Json)._id}/reverse`, { reason: 'Entered twice' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().movement.batch).toEqual({ name: 'F', expiresOn: inDays(30) });
    expect((await batchesOf(opened._id))[0]).toMatchObject({ batch: 'F', quantity: 6 });
    const [row] = await queryRows<{ sum: string }>(
      app().database.db,
      sql`select sum(quantity)::text as sum from material_batches where material_id = ${opened._id}`,
    );
    expect(row?.sum).toBe('6.000');
  });
});
