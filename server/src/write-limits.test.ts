import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool, createUser, PASSWORD, unique } from '../test/factories';
import { findLedgerMismatches } from '../test/ledger-check';
import type { World, WriteRequest } from '../test/write-cases';
import { countedCount, dispatchedTransfer, lastMovementOf, openRequestOf, parkedOp } from '../test/write-cases/flows';
import { idIn, prepared, withStock } from '../test/write-cases/world';

// Where a limit applies (stock on hand, goods in transit, one approval, one posting, a cap on tokens),
// 20 conflicting requests sent at once without a key never pass it: as many succeed as it allows, the
// rest are a clear 409, none is a server error, and the ledger still adds up.

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildTestApp();
  world = { ...(await createStoreWithStaff(t.app, t.database.db)), app: t.app, db: t.database.db };
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function send(request: WriteRequest) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: bearer(request.token),
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

/** Sends every request at once; the statuses, successes first. */
async function allAtOnce(requests: WriteRequest[]): Promise<number[]> {
  const answers = await Promise.all(requests.map(send));
  return answers.map((answer) => answer.statusCode).sort((a, b) => a - b);
}

/** `allowed` successes and the rest 409. */
function expectAllowed(statuses: number[], allowed: number, success = 200) {
  expect(statuses).toEqual([
    ...Array.from({ length: allowed }, () => success),
    ...Array.from({ length: statuses.length - allowed }, () => 409),
  ]);
}

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

async function availableOf(token: string, materialId: string): Promise<number | undefined> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/products?limit=500', headers: bearer(token) });
  return (answer.json() as { _id: string; availableQuantity: number }[]).find((row) => row._id === materialId)?.availableQuantity;
}

describe('20 conflicting requests at once never pass a limit', () => {
  it('issues: 7 on hand, 20 issues of 1: 7 issued, 13 refused, none left', async () => {
    const material = await withStock(world, 7);
    const issue: WriteRequest = {
      method: 'POST',
      url: '/api/user/consume-stock',
      token: world.keeper.token,
      payload: { productId: material._id, quantity: 1 },
    };
    expectAllowed(await allAtOnce(times(20, () => issue)), 7);
    expect(await availableOf(world.keeper.token, material._id)).toBe(0);
  });

  it('dispatch: a store of 5, 20 transfers of 1 each dispatched at once: 5 go, the store is empty', async () => {
    const source = await createStore(t.app, world.admin.token);
    const material = await createMaterial(t.app, world.admin.token, { storeId: source._id, totalQuantity: 5 });
    const drafts = await Promise.all(
      times(20, () =>
        prepared(world, {
          method: 'POST',
          url: '/api/transfers',
          token: world.admin.token,
          payload: { fromStoreId: source._id, toStoreId: world.store._id, lines: [{ materialId: material._id, quantity: 1 }] },
        }),
      ),
    );
    const dispatches = drafts.map(
      (draft): WriteRequest => ({ method: 'POST', url: `/api/transfers/${idIn(draft, 'transfer')}/dispatch`, token: world.admin.token }),
    );
    expectAllowed(await allAtOnce(dispatches), 5);
    expect(await availableOf(world.admin.token, material._id)).toBe(0);
  });

  it('receipt: 4 in transit, 20 receipts of 1 each: 4 received, nothing beyond what was sent', async () => {
    const { url, lineId } = await dispatchedTransfer(world);
    const receipt: WriteRequest = {
      method: 'POST',
      url: `${url}/receive`,
      token: world.keeper.token,
      payload: { lines: [{ lineId, received: 1 }] },
    };
    expectAllowed(await allAtOnce(times(20, () => receipt)), 4);
    const transfer = (await t.app.inject({ method: 'GET', url, headers: bearer(world.keeper.token) })).json().transfer;
    expect(transfer.totals).toMatchObject({ quantity: 4, received: 4, inTransit: 0 });
  });

  it('approval: one request approved 20 times at once from 20 stores: one transfer', async () => {
    const { url, name } = await openRequestOf(world);
    const sources = await Promise.all(
      times(20, async () => {
        const store = await createStore(t.app, world.admin.token);
        await createMaterial(t.app, world.admin.token, { storeId: store._id, name, totalQuantity: 10 });
        return store._id;
      }),
    );
    const approvals = sources.map(
      (sourceStoreId): WriteRequest => ({ method: 'POST', url: `${url}/approve`, token: world.admin.token, payload: { sourceStoreId } }),
    );
    expectAllowed(await allAtOnce(approvals), 1);
    const request = (await t.app.inject({ method: 'GET', url, headers: bearer(world.admin.token) })).json().request;
    expect(request.status).toBe('approved');
    const transfers = await t.app.inject({
      method: 'GET',
      url: `/api/transfers?storeId=${world.store._id}&limit=200`,
      headers: bearer(world.admin.token),
    });
    expect((transfers.json().transfers as { _id: string }[]).filter((transfer) => transfer._id === request.transferId)).toHaveLength(1);
  });

  it('count: posted 20 times at once while 5 issues go on: one adjustment, and the issues all kept', async () => {
    const { url, materialId } = await countedCount(world);
    await prepared(world, { method: 'POST', url: `${url}/submit`, token: world.admin.token });
    const post: WriteRequest = {
      method: 'POST',
      url: `${url}/post`,
      token: world.admin.token,
      payload: { reasons: { [materialId]: 'Two bags split' } },
    };
    const issue: WriteRequest = {
      method: 'POST',
      url: '/api/user/consume-stock',
      token: world.admin.token,
      payload: { productId: materialId, quantity: 1 },
    };
    const answers = await Promise.all([...times(20, () => send(post)), ...times(5, () => send(issue))]);
    expectAllowed(
      answers
        .slice(0, 20)
        .map((answer) => answer.statusCode)
        .sort(),
      1,
    );
    expect(answers.slice(20).map((answer) => answer.statusCode)).toEqual(times(5, () => 200));
    // Counted 8 when the ledger said 10: −2 posted, and the 5 issued after it, on either side of the posting.
    expect(await availableOf(world.admin.token, materialId)).toBe(3);
  });

  it('checkout: a tool of 5, 20 checkouts of 1 to 20 workers: 5 go out', async () => {
    const tool = await createTool(t.app, world.keeper.token, { totalQuantity: 5 });
    const workers = await Promise.all(
      times(20, () =>
        prepared(world, { method: 'POST', url: '/api/workers', token: world.keeper.token, payload: { name: unique('Asha') } }),
      ),
    );
    const checkouts = workers.map(
      (worker): WriteRequest => ({
        method: 'POST',
        url: `/api/tools/${tool._id}/checkout`,
        token: world.keeper.token,
        payload: { workerId: idIn(worker, 'worker'), quantity: 1 },
      }),
    );
    expectAllowed(await allAtOnce(checkouts), 5, 201);
  });

  it('reversal: one movement reversed 20 times at once: reversed once', async () => {
    const material = await withStock(world, 5);
    await prepared(world, {
      method: 'POST',
      url: '/api/user/consume-stock',
      token: world.keeper.token,
      payload: { productId: material._id, quantity: 2 },
    });
    const reverse: WriteRequest = {
      method: 'POST',
      url: `/api/movements/${await lastMovementOf(world, material._id)}/reverse`,
      token: world.admin.token,
      payload: { reason: 'Entered twice' },
    };
    const statuses = await allAtOnce(times(20, () => reverse));
    expect(statuses.filter((status) => status < 300)).toHaveLength(1);
    expect(statuses.filter((status) => status >= 300)).toEqual(times(19, () => 409));
    expect(await availableOf(world.keeper.token, material._id)).toBe(5);
  });

  it('parked op: applied 20 times at once: applied once, each told it is applied', async () => {
    const url = await parkedOp(world);
    const apply: WriteRequest = { method: 'POST', url: `${url}/apply`, token: world.admin.token, payload: { quantity: 1 } };
    const answers = await Promise.all(times(20, () => send(apply)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(times(20, () => 200));
    const itemId = (answers[0]?.json() as { parked: { itemId: string } } | undefined)?.parked.itemId ?? '';
    // A material of 5, an issue of 50 parked, applied as 1.
    expect(await availableOf(world.keeper.token, itemId)).toBe(4);
  });

  it('tokens: 19 held of 20, 20 made at once under other names: one made, the rest told the cap', async () => {
    const owner = await createUser(t.app, world.admin.token, { role: 'store-user', storeId: world.store._id });
    const token = (name: string): WriteRequest => ({
      method: 'POST',
      url: '/api/tokens',
      token: owner.token,
      payload: { name, scope: 'read', currentPassword: PASSWORD },
    });
    for (let held = 0; held < 19; held += 1) await prepared(world, token(`Held ${held}`));
    const answers = await Promise.all(times(20, (i) => send(token(`Raced ${i}`))));
    expectAllowed(answers.map((answer) => answer.statusCode).sort(), 1, 201);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toMatch(/20/);
  });

  it('receipts: an order of 5 (5 with its tolerance), 20 receipts of 1 at once: 5 received, the order received', async () => {
    const material = await withStock(world, 0);
    const supplierId = idIn(
      await prepared(world, { method: 'POST', url: '/api/suppliers', token: world.admin.token, payload: { name: unique('Limit') } }),
      'supplier',
    );
    const made = await prepared(world, {
      method: 'POST',
      url: '/api/purchase-orders',
      token: world.admin.token,
      payload: { supplierId, storeId: world.store._id, lines: [{ materialId: material._id, quantity: 5, unitCost: '10' }] },
    });
    const order = made.purchaseOrder as { _id: string; lines: { _id: string }[] };
    await prepared(world, { method: 'POST', url: `/api/purchase-orders/${order._id}/order`, token: world.admin.token });
    const receipt: WriteRequest = {
      method: 'POST',
      url: `/api/purchase-orders/${order._id}/receipts`,
      token: world.keeper.token,
      payload: { receivedAt: new Date().toISOString().slice(0, 10), lines: [{ lineId: order.lines[0]?._id, received: 1 }] },
    };
    expectAllowed(await allAtOnce(times(20, () => receipt)), 5, 201);
    expect(await availableOf(world.keeper.token, material._id)).toBe(5);
    const after = await t.app.inject({ method: 'GET', url: `/api/purchase-orders/${order._id}`, headers: bearer(world.admin.token) });
    expect(after.json()).toMatchObject({ status: 'received', lines: [{ received: 5, outstanding: 0 }] });
  });

  it('returns to the supplier: 7 on hand, 20 returns of 1 at once: 7 go back, none left', async () => {
    const material = await withStock(world, 7);
    const supplierId = idIn(
      await prepared(world, { method: 'POST', url: '/api/suppliers', token: world.admin.token, payload: { name: unique('Back') } }),
      'supplier',
    );
    const back: WriteRequest = {
      method: 'POST',
      url: '/api/supplier-returns',
      token: world.keeper.token,
      payload: { supplierId, storeId: world.store._id, reason: 'Wrong grade', lines: [{ materialId: material._id, quantity: 1 }] },
    };
    expectAllowed(await allAtOnce(times(20, () => back)), 7, 201);
    expect(await availableOf(world.keeper.token, material._id)).toBe(0);
  });

  it('invoices: 20 invoices for the same 4 received, approved at once: one approved, the rest refused as not matching', async () => {
    const material = await withStock(world, 0);
    const supplierId = idIn(
      await prepared(world, { method: 'POST', url: '/api/suppliers', token: world.admin.token, payload: { name: unique('Billing') } }),
      'supplier',
    );
    const made = await prepared(world, {
      method: 'POST',
      url: '/api/purchase-orders',
      token: world.admin.token,
      payload: { supplierId, storeId: world.store._id, lines: [{ materialId: material._id, quantity: 4, unitCost: '10' }] },
    });
    const order = made.purchaseOrder as { _id: string; lines: { _id: string }[] };
    const lineId = order.lines[0]?._id;
    await prepared(world, { method: 'POST', url: `/api/purchase-orders/${order._id}/order`, token: world.admin.token });
    await prepared(world, {
      method: 'POST',
      url: `/api/purchase-orders/${order._id}/receipts`,
      token: world.keeper.token,
      payload: { receivedAt: new Date().toISOString().slice(0, 10), lines: [{ lineId, received: 4 }] },
    });
    const invoices = await Promise.all(
      times(20, (i) =>
        prepared(world, {
          method: 'POST',
          url: '/api/supplier-invoices',
          token: world.admin.token,
          payload: {
            supplierId,
            number: `L-${i}-${unique('n')}`,
            date: new Date().toISOString().slice(0, 10),
            lines: [{ purchaseOrderLineId: lineId, quantity: 4, unitPrice: '10' }],
            total: '40.00',
          },
        }),
      ),
    );
    const approvals = invoices.map(
      (answer): WriteRequest => ({
        method: 'POST',
        url: `/api/supplier-invoices/${idIn(answer, 'invoice')}/approve`,
        token: world.admin.token,
        payload: {},
      }),
    );
    expectAllowed(await allAtOnce(approvals), 1);
  });
});
