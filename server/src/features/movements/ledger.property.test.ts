import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type Operation = { kind: 'purchase' | 'transfer_in' | 'issue' | 'damage' | 'return'; item: 0 | 1 | 2; quantity: number };

const operation = fc.record({
  kind: fc.constantFrom('purchase', 'transfer_in', 'issue', 'damage', 'return') as fc.Arbitrary<Operation['kind']>,
  item: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
  quantity: fc.integer({ min: 1, max: 12 }),
});

type Counters = { available: number; consumed: number; damaged: number; restocked: number; transferred: number; refunded: number };

/** What the counters must be after an operation, or null when it must be refused. */
function expectAfter(counters: Counters, op: Operation): Counters | null {
  const q = op.quantity;
  switch (op.kind) {
    case 'purchase':
      return { ...counters, restocked: counters.restocked + q, available: counters.available + q };
    case 'transfer_in':
      return { ...counters, transferred: counters.transferred + q, available: counters.available + q };
    case 'issue':
      return counters.available < q ? null : { ...counters, consumed: counters.consumed + q, available: counters.available - q };
    case 'damage':
      return counters.available < q ? null : { ...counters, damaged: counters.damaged + q, available: counters.available - q };
    case 'return':
      return counters.consumed < q
        ? null
        : { ...counters, consumed: counters.consumed - q, refunded: counters.refunded + q, available: counters.available + q };
  }
}

async function createItems() {
  // Two materials and a tool; tools take no purchases or transfers, so those become issues on it.
  return Promise.all([
    createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 }),
    createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 }),
    createTool(t.app, staff.keeper.token, { totalQuantity: 6 }),
  ]);
}

function send(items: { _id: string; name: string }[], op: Operation) {
  const item = items[op.item] as { _id: string; name: string };
  const isTool = op.item === 2;
  const kind = isTool && (op.kind === 'purchase' || op.kind === 'transfer_in') ? 'issue' : op.kind;
  const call = isTool
    ? {
        issue: ['/api/user/add-consumed-tool', { toolId: item._id, quantity: op.quantity }],
        damage: ['/api/user/add-damaged-tool', { toolId: item._id, damagedQuantity: op.quantity }],
        return: ['/api/user/add-refund-tool', { toolId: item._id, refundQuantity: op.quantity }],
      }[kind as 'issue' | 'damage' | 'return']
    : {
        purchase: ['/api/user/add-restock-product', { name: item.name, quantity: op.quantity }],
        transfer_in: ['/api/user/transfer-stock', { name: item.name, quantity: op.quantity }],
        issue: ['/api/user/consume-stock', { productId: item._id, quantity: op.quantity }],
        damage: ['/api/user/add-damaged-stock', { productId: item._id, damagedQuantity: op.quantity }],
        return: ['/api/user/refund-stock', { productId: item._id, refundQuantity: op.quantity }],
      }[kind];
  const [url, payload] = call as [string, object];
  return {
    effective: { ...op, kind } as Operation,
    response: t.app.inject({ method: 'POST', url, headers: bearer(staff.keeper.token), payload }),
  };
}

async function countersOf(items: { _id: string }[]): Promise<Counters[]> {
  const products = (await t.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(staff.keeper.token) })).json();
  const tools = (await t.app.inject({ method: 'GET', url: '/api/user/get-tools', headers: bearer(staff.keeper.token) })).json();
  return items.map(({ _id }) => {
    const row = [...products, ...tools].find((x: { _id: string }) => x._id === _id);
    return {
      available: row.availableQuantity,
      consumed: row.consumedQuantity,
      damaged: row.damagedQuantity,
      restocked: row.restockedQuantity ?? 0,
      transferred: row.transferQuantity ?? 0,
      refunded: row.refundQuantity,
    };
  });
}

describe('random movements keep the counters equal to the ledger and never below zero', () => {
  it('in sequence, each answer matches a model of the rules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        const items = await createItems();
        let model = await countersOf(items);
        for (const op of ops) {
          const { effective, response } = send(items, op);
          const answer = await response;
          const next = expectAfter(model[op.item] as Counters, effective);
          expect(answer.statusCode).toBe(next ? 200 : 409);
          if (next) model = model.map((counters, index) => (index === op.item ? next : counters));
        }
        expect(await countersOf(items)).toEqual(model);
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('all at once, only 200s and 409s come back and the ledger still agrees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 40 }), async (ops) => {
        const items = await createItems();
        const answers = await Promise.all(ops.map((op) => send(items, op).response));
        for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
        const after = await countersOf(items);
        for (const counters of after) {
          expect(Object.values(counters).every((value) => value >= 0)).toBe(true);
        }
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });
});
