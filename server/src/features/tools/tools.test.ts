import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStore, createStoreWithStaff, createTool, unique } from '../../../test/factories';
import { countMovements, findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function post(url: string, payload: unknown, token = staff.keeper.token) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
}

describe('adding tools', () => {
  it('adds a keeper tool to the active store with quantity 1 by default and an opening movement', async () => {
    const response = await post('/api/user/add-tools', { name: 'Hammer drill' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Tool added successfully!');
    expect(response.json().tool).toMatchObject({
      name: 'Hammer drill',
      totalQuantity: 1,
      availableQuantity: 1,
      storeId: { _id: staff.store._id },
    });
    expect(await countMovements(t.database.db, response.json().tool._id)).toBe(1);
  });

  it('makes the admin name the store on /api/tools/add-tools', async () => {
    expect((await post('/api/tools/add-tools', { name: 'Saw', totalQuantity: 2 }, staff.admin.token)).statusCode).toBe(400);
    const response = await post('/api/tools/add-tools', { name: 'Saw', totalQuantity: 2, storeId: staff.store._id }, staff.admin.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().tool.totalQuantity).toBe(2);
  });

  it('returns 409 for a tool name already in the store', async () => {
    const name = unique('Grinder');
    await createTool(t.app, staff.keeper.token, { name });
    const again = await post('/api/user/add-tools', { name: name.toLowerCase() });
    expect(again.statusCode).toBe(409);
  });

  it('lists tools as {tools} for the admin view and as an array for the keeper, scoped to the store', async () => {
    const other = await createStore(t.app, staff.admin.token);
    const mine = await createTool(t.app, staff.keeper.token);
    const theirs = await createTool(t.app, staff.admin.token, { storeId: other._id });
    const adminView = (await t.app.inject({ method: 'GET', url: '/api/tools/view-tools', headers: bearer(staff.admin.token) })).json();
    expect(adminView.tools.map((x: { _id: string }) => x._id)).toEqual(expect.arrayContaining([mine._id, theirs._id]));
    const keeperView = (await t.app.inject({ method: 'GET', url: '/api/user/get-tools', headers: bearer(staff.keeper.token) })).json();
    expect(keeperView.map((x: { _id: string }) => x._id)).toContain(mine._id);
    expect(keeperView.map((x: { _id: string }) => x._id)).not.toContain(theirs._id);
    const storeUserView = (
      await t.app.inject({ method: 'GET', url: '/api/tools/view-tools', headers: bearer(staff.storeUser.token) })
    ).json();
    expect(storeUserView.tools.map((x: { _id: string }) => x._id)).not.toContain(theirs._id);
  });
});

describe('tool movements', () => {
  it('issues, damages with a reason and returns, with the counters after each', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 10 });
    const issued = await post('/api/user/add-consumed-tool', { toolId: tool._id, quantity: 4 });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().tool).toMatchObject({ availableQuantity: 6, consumedQuantity: 4 });
    const damaged = await post('/api/user/add-damaged-tool', { toolId: tool._id, damagedQuantity: 1, damagedReason: 'Motor burnt out' });
    expect(damaged.json().tool).toMatchObject({ availableQuantity: 5, damagedQuantity: 1 });
    const returned = await post('/api/user/add-refund-tool', { toolId: tool._id, refundQuantity: 3 });
    expect(returned.json().tool).toMatchObject({ availableQuantity: 8, consumedQuantity: 1, refundQuantity: 3 });
    const [reason] = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from movements where item_id = ${tool._id} and kind = 'damage'`,
    );
    expect(reason?.reason).toBe('Motor burnt out');
  });

  it('refuses a return above the issued quantity with the number in the message', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 5 });
    await post('/api/user/add-consumed-tool', { toolId: tool._id, quantity: 2 });
    const response = await post('/api/user/add-refund-tool', { toolId: tool._id, refundQuantity: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Refund quantity cannot exceed consumed quantity (2).');
  });

  it('refuses to issue or damage more than is available', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 1 });
    expect((await post('/api/user/add-consumed-tool', { toolId: tool._id, quantity: 2 })).json().message).toBe(
      'Not enough stock available',
    );
    expect((await post('/api/user/add-damaged-tool', { toolId: tool._id, damagedQuantity: 2 })).statusCode).toBe(409);
    expect(await countMovements(t.database.db, tool._id)).toBe(1);
  });

  it('returns 400 for bad quantities, 404 for another store and 403 for a store user', async () => {
    const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    for (const quantity of [0, -2, 2.5, '1']) {
      expect((await post('/api/user/add-consumed-tool', { toolId: tool._id, quantity })).statusCode).toBe(400);
    }
    const other = await createStore(t.app, staff.admin.token);
    const theirs = await createTool(t.app, staff.admin.token, { storeId: other._id });
    const cross = await post('/api/user/add-consumed-tool', { toolId: theirs._id, quantity: 1 });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Tool not found');
    expect((await post('/api/user/add-consumed-tool', { toolId: tool._id, quantity: 1 }, staff.storeUser.token)).statusCode).toBe(403);
    expect(await countMovements(t.database.db, tool._id)).toBe(1);
  });
});
