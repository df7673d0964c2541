import { MOVEMENT_EFFECTS, type MovementKind } from '@stockyard/contract';
import Big from 'big.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createAdmin, createMaterial, createStore, recordAt } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

const cost = fc.integer({ min: 10_000, max: 5_000_000 }).map((tenThousandths) => new Big(tenThousandths).div(10_000).toString());
const store = fc.constantFrom(0, 1);
const item = fc.constantFrom(0, 1);
const quantity = fc.integer({ min: 1, max: 9 });
const daysAgo = fc.constantFrom(0, 0, 1, 3, 8);

const operation = fc.oneof(
  fc.record({ op: fc.constant('buy' as const), store, item, quantity, cost: fc.option(cost), daysAgo }),
  fc.record({ op: fc.constantFrom('issue' as const, 'damage' as const), store, item, quantity, daysAgo }),
  fc.record({ op: fc.constant('return' as const), store, item, quantity }),
  fc.record({ op: fc.constant('adjust' as const), store, item, quantity: fc.integer({ min: -6, max: 6 }).filter((q) => q !== 0) }),
  fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('transfer' as const), store, item, quantity, received: fc.nat({ max: 9 }), close: fc.boolean() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

type Line = {
  _id: string;
  kind: MovementKind;
  quantity: number;
  value: string;
  occurredAt: string;
  storeId: { _id: string };
  itemId: string;
  reverses: string | null;
  reversedBy: unknown;
  canReverse: boolean;
};

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

const at = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();
const dayOf = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Two stores holding two materials of the same names, so transfers land on them. */
async function createWorld() {
  const stores = [await createStore(t.app, admin.token), await createStore(t.app, admin.token)];
  const names = [`Cement ${crypto.randomUUID()}`, `Sand ${crypto.randomUUID()}`];
  const items = await Promise.all(
    // Valued from the start (a cost of 1 or more), so nothing is ever held at no value.
    stores.map((s) =>
      Promise.all(
        names.map((name, i) =>
          createMaterial(t.app, admin.token, { name, storeId: s._id, totalQuantity: 5, unitCost: `${3 + i}.125` } as never),
        ),
      ),
    ),
  );
  return { stores, items };
}

async function apply(world: Awaited<ReturnType<typeof createWorld>>, step: Operation, lines: () => Promise<Line[]>) {
  if (step.op === 'reverse') {
    const candidates = (await lines()).filter((line) => line.canReverse);
    const chosen = candidates[step.pick % Math.max(candidates.length, 1)];
    if (chosen)
      expect([200, 409]).toContain((await call('POST', `/api/movements/${chosen._id}/reverse`, { reason: 'Property' })).statusCode);
    return;
  }
  const material = world.items[step.store]?.[step.item] as { _id: string; name: string };
  const storeId = world.stores[step.store]?._id as string;
  if (step.op === 'transfer') {
    const toStoreId = world.stores[1 - step.store]?._id as string;
    const draft = await call('POST', '/api/transfers', {
      fromStoreId: storeId,
      toStoreId,
      lines: [{ materialId: material._id, quantity: step.quantity }],
    });
    expect(draft.statusCode).toBe(201);
    const transfer = draft.json().transfer;
    const sent = await call('POST', `/api/transfers/${transfer._id}/dispatch`, {});
    expect([200, 409]).toContain(sent.statusCode);
    if (sent.statusCode !== 200) return;
    const received = Math.min(step.received, step.quantity);
    if (received > 0) {
      const answer = await call('POST', `/api/transfers/${transfer._id}/receive`, { lines: [{ lineId: transfer.lines[0]._id, received }] });
      expect(answer.statusCode).toBe(200);
    }
    if (step.close && received < step.quantity) {
      expect((await call('POST', `/api/transfers/${transfer._id}/close`, { reason: 'Lost' })).statusCode).toBe(200);
    }
    return;
  }
  if (step.op === 'adjust') {
    await recordAt(t.database.db, { itemId: material._id, kind: 'adjustment', quantity: step.quantity, at: at(0) });
    return;
  }
  if (step.op === 'return') {
    expect([200, 409]).toContain(
      (await call('POST', '/api/user/refund-stock', { productId: material._id, refundQuantity: step.quantity })).statusCode,
    );
    return;
  }
  const kind = step.op === 'buy' ? 'purchase' : step.op;
  const unitCost = step.op === 'buy' ? (step.cost ?? undefined) : undefined;
  if (step.daysAgo > 0) {
    await recordAt(t.database.db, { itemId: material._id, kind, quantity: step.quantity, unitCost, at: at(step.daysAgo) });
    return;
  }
  const answer =
    step.op === 'buy'
      ? await call('POST', '/api/user/add-restock-product', {
          name: material.name,
          quantity: step.quantity,
          storeId,
          ...(unitCost ? { unitCost } : {}),
        })
      : step.op === 'issue'
        ? await call('POST', '/api/user/consume-stock', { productId: material._id, quantity: step.quantity })
        : await call('POST', '/api/user/add-damaged-stock', { productId: material._id, damagedQuantity: step.quantity });
  expect([200, 409]).toContain(answer.statusCode);
}

/** Quantity and value per (store, material) and the value in transit, replayed from the ledger lines up to the end of a day (UTC). */
function replay(lines: Line[], day: string, storeIds: string[], transferLines: Map<string, string>) {
  const end = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  const held = new Map<string, { quantity: number; value: Big }>();
  let inTransit = new Big(0);
  for (const line of lines) {
    if (Date.parse(line.occurredAt) >= end) continue;
    if (['transfer_out', 'store_transfer_in', 'transit_loss'].includes(line.kind) && transferLines.has(line._id)) {
      inTransit = line.kind === 'transit_loss' ? inTransit.plus(line.value) : inTransit.minus(line.value);
    }
    if (line.kind === 'transit_loss' || !storeIds.includes(line.storeId._id)) continue;
    const key = `${line.storeId._id}:${line.itemId}`;
    const before = held.get(key) ?? { quantity: 0, value: new Big(0) };
    held.set(key, {
      quantity: before.quantity + (MOVEMENT_EFFECTS[line.kind].available_quantity ?? 0) * line.quantity,
      value: before.value.plus(line.value),
    });
  }
  return { held, inTransit: inTransit.toFixed(2) };
}

describe(`random movements over two stores keep every value equal to its ledger (${database})`, () => {
  it('after each step: kept values = ledger sums, none negative, 0 exactly when none is held; valuation on past days = the replay', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 18 }), async (ops) => {
        const world = await createWorld();
        const storeIds = world.stores.map((s) => s._id);
        const itemIds = world.items.flat().map((i) => i._id);
        const lines = async () => {
          const all: Line[] = [];
          for (const id of itemIds) {
            all.push(...(await call('GET', `/api/movements?itemId=${id}&limit=500`)).json().movements);
          }
          return all;
        };
        for (const step of ops) {
          await apply(world, step, lines);
          expect(await findLedgerMismatches(t.database.db)).toEqual([]);
          for (const s of world.stores) {
            const products = (await call('GET', `/api/products?storeId=${s._id}&limit=500`)).json();
            for (const product of products.filter((p: { _id: string }) => itemIds.includes(p._id))) {
              const value = new Big(product.stockValue);
              expect(value.gte(0)).toBe(true);
              expect(value.eq(0)).toBe(product.availableQuantity === 0);
            }
          }
        }
        const all = await lines();
        const transferOf = new Map(
          all
            .filter((line) => ['transfer_out', 'store_transfer_in', 'transit_loss'].includes(line.kind))
            .map((line) => [line._id, line.kind]),
        );
        for (const days of [0, 1, 2, 5, 9]) {
          const day = dayOf(days);
          const expected = replay(all, day, storeIds, transferOf);
          for (const storeId of storeIds) {
            const answer = (await call('GET', `/api/valuation?storeId=${storeId}&asOf=${day}`)).json();
            const rows = answer.rows.filter((row: { materialId: string }) => itemIds.includes(row.materialId));
            const wanted = [...expected.held].filter(([key, v]) => key.startsWith(storeId) && (v.quantity !== 0 || !v.value.eq(0)));
            expect(
              rows.map((row: { materialId: string; quantity: number; value: string }) => [row.materialId, row.quantity, row.value]).sort(),
            ).toEqual(wanted.map(([key, v]) => [key.split(':')[1], v.quantity, v.value.toFixed(2)]).sort());
            expect(answer.totals.value).toBe(rows.reduce((sum: Big, row: { value: string }) => sum.plus(row.value), new Big(0)).toFixed(2));
          }
          const both = (await call('GET', `/api/valuation?asOf=${day}`)).json();
          // Every transfer here runs between the two stores, so both see all of it.
          const inTransit = (await call('GET', `/api/valuation?storeId=${storeIds[0]}&asOf=${day}`)).json().inTransit.value;
          expect(inTransit).toBe(expected.inTransit);
          expect(both.rows.filter((row: { materialId: string }) => itemIds.includes(row.materialId)).length).toBe(
            [...expected.held.values()].filter((v) => v.quantity !== 0 || !v.value.eq(0)).length,
          );
        }
      }),
      { numRuns: database === 'PGlite' ? 8 : 5 },
    );
  });
});
