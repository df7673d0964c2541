import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const MATERIAL_KINDS = ['issue', 'damage', 'return', 'restock', 'transfer'] as const;
const TOOL_KINDS = ['tool-issue', 'tool-damage', 'tool-return'] as const;
type Drawn = { item: 0 | 1 | 2; kindIndex: number; quantity: number };
type Op = {
  opId: string;
  kind: string;
  itemKind: 'material' | 'tool';
  itemId: string;
  quantity: number;
  reason: string;
  capturedAt: string;
  storeId: string;
};
type Result = { opId: string; status: string; movementId?: string; parkedId?: string };

const outbox = fc.array(
  fc.record({ item: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>, kindIndex: fc.nat(4), quantity: fc.integer({ min: 1, max: 9 }) }),
  { minLength: 1, maxLength: 14 },
);
/** Replays: each a subset of the outbox in some order (indexes into it), sent alone or beside the next one. */
const replays = fc.array(fc.record({ picks: fc.array(fc.nat(13), { minLength: 1, maxLength: 14 }), isConcurrent: fc.boolean() }), {
  minLength: 1,
  maxLength: 5,
});

async function send(ops: Op[]): Promise<Result[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/movements',
    headers: bearer(staff.keeper.token),
    payload: { ops },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

/** Sends the replays, concurrent ones together, and gathers every answer per opId. */
async function sendAll(ops: Op[], plan: { picks: number[]; isConcurrent: boolean }[], answers: Map<string, Result[]>) {
  const batches = plan.map((step) => ({ ops: step.picks.map((i) => ops[i % ops.length] as Op), isConcurrent: step.isConcurrent }));
  for (let i = 0; i < batches.length; ) {
    // A concurrent replay goes out beside the one after it.
    const group = [batches[i] as (typeof batches)[number]];
    while (group[group.length - 1]?.isConcurrent && i + group.length < batches.length)
      group.push(batches[i + group.length] as (typeof batches)[number]);
    const results = await Promise.all(group.map((batch) => send(batch.ops)));
    for (const result of results.flat()) answers.set(result.opId, [...(answers.get(result.opId) ?? []), result]);
    i += group.length;
  }
}

async function ledgerOf(itemIds: string[]) {
  return queryRows<{ id: string; idempotency_key: string | null; kind: string; quantity: number; occurred_at: string }>(
    t.database.db,
    sql`select id, idempotency_key, kind, quantity::float8, occurred_at::text from movements
        where item_id in (${sql.join(
          itemIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and kind <> 'opening' order by id`,
  );
}

describe('replaying an outbox', () => {
  it('in any interleaving leaves the ledger holding each op once, and a replay of a settled outbox changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(outbox, replays, replays, async (drawn: Drawn[], before, after) => {
        const items = await Promise.all([
          createMaterial(t.app, staff.keeper.token, { totalQuantity: 6 }),
          createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 }),
          createTool(t.app, staff.keeper.token, { totalQuantity: 4 }),
        ]);
        const start = Date.now() - 3_600_000;
        const ops: Op[] = drawn.map((d, index) => ({
          opId: randomUUID(),
          kind: d.item === 2 ? (TOOL_KINDS[d.kindIndex % 3] as string) : (MATERIAL_KINDS[d.kindIndex] as string),
          itemKind: d.item === 2 ? 'tool' : 'material',
          itemId: (items[d.item] as { _id: string })._id,
          quantity: d.quantity,
          reason: '',
          capturedAt: new Date(start + index * 1000).toISOString(),
          storeId: staff.store._id,
        }));

        // The phone's sends cut short and retried in any order and at once, then the whole outbox until all is answered.
        const answers = new Map<string, Result[]>();
        await sendAll(ops, before, answers);
        await sendAll(ops, [{ picks: ops.map((_, i) => i), isConcurrent: false }], answers);
        const itemIds = items.map((item) => item._id);
        const settled = await ledgerOf(itemIds);

        for (const op of ops) {
          const mine = answers.get(op.opId) ?? [];
          const applied = mine.filter((answer) => answer.status === 'applied');
          const movements = settled.filter((row) => row.idempotency_key === op.opId);
          // Once or not at all, and every answer about it says the same.
          expect(applied.length).toBeLessThanOrEqual(1);
          expect(movements.length).toBe(applied.length);
          if (movements[0]) {
            expect(mine.every((answer) => answer.movementId === movements[0]?.id)).toBe(true);
            expect(movements[0]).toMatchObject({ quantity: op.quantity });
            expect(new Date(movements[0].occurred_at).toISOString()).toBe(op.capturedAt);
          } else {
            expect(mine.every((answer) => answer.status === 'parked' && answer.parkedId === mine[0]?.parkedId)).toBe(true);
          }
        }
        expect(settled.every((row) => ops.some((op) => op.opId === row.idempotency_key))).toBe(true);
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);

        // Replays of a settled outbox: every answer as before, the ledger as it was.
        const later = new Map<string, Result[]>();
        await sendAll(ops, after, later);
        expect(await ledgerOf(itemIds)).toEqual(settled);
        for (const [opId, again] of later) {
          const first = answers.get(opId)?.find((answer) => answer.status !== 'duplicate');
          for (const answer of again) {
            expect(answer.status).toBe(first?.status === 'applied' ? 'duplicate' : 'parked');
            expect(answer.movementId ?? answer.parkedId).toBe(first?.movementId ?? first?.parkedId);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
