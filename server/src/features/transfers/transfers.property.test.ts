import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createAdmin, createMaterial, createStore, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.database.db);
});
afterAll(() => t.close());

/** What the runs did, printed at the end: how many of each answer to each kind of request. */
const tally = new Map<string, number>();
const count = (what: string, status: number) => tally.set(`${what} ${status}`, (tally.get(`${what} ${status}`) ?? 0) + 1);

const STORES = 3;
type Send = { from: number; to: number; quantity: number };
type After =
  | { kind: 'receive'; transfer: number; received: number; damaged: number }
  | { kind: 'close'; transfer: number }
  | { kind: 'issue'; store: number; quantity: number };

const store = fc.integer({ min: 0, max: STORES - 1 });
const send = fc
  .record({ from: store, to: store, quantity: fc.integer({ min: 1, max: 20 }) })
  .filter((value) => value.from !== value.to) as fc.Arbitrary<Send>;
const after = (transfers: number) =>
  fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('receive' as const),
        transfer: fc.integer({ min: 0, max: transfers - 1 }),
        received: fc.integer({ min: 0, max: 12 }),
        damaged: fc.integer({ min: 0, max: 3 }),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ kind: fc.constant('close' as const), transfer: fc.integer({ min: 0, max: transfers - 1 }) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('issue' as const), store, quantity: fc.integer({ min: 1, max: 10 }) }), weight: 2 },
  ) as fc.Arbitrary<After>;

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

/**
 * For one material name over all stores: what the stores have, what is on the road and what was
 * written off there, against what the ledger says came in and went out other than by transfer.
 */
async function companyTotals(name: string) {
  const [row] = await queryRows<{ available: number; in_transit: number; written_off: number; ledger: number }>(
    t.database.db,
    sql`select
          (select coalesce(sum(available_quantity), 0)::int from materials where name = ${name}) as available,
          (select coalesce(sum(l.quantity - l.received - l.damaged - l.lost), 0)::int from transfer_lines l
             join transfers tr on tr.id = l.transfer_id
             where l.name = ${name} and tr.status in ('dispatched', 'partially_received')) as in_transit,
          (select coalesce(sum(l.lost), 0)::int from transfer_lines l where l.name = ${name}) as written_off,
          (select coalesce(sum(case when mv.kind in ('opening', 'purchase', 'transfer_in', 'return') then mv.quantity
                                    when mv.kind in ('issue', 'damage') then -mv.quantity else 0 end), 0)::int
             from movements mv join materials m on m.id = mv.item_id where m.name = ${name}) as ledger`,
  );
  return row;
}

describe('transfers at random, all at once: the company’s stock adds up', () => {
  it('keeps every store’s counters on its ledger and every unit in a store, on the road or written off', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(send, { minLength: 2, maxLength: 8 })
          .chain((sends) => fc.tuple(fc.constant(sends), fc.array(after(sends.length), { minLength: 3, maxLength: 20 }))),
        fc.array(fc.integer({ min: 10, max: 80 }), { minLength: STORES, maxLength: STORES }),
        async ([sends, afters], openings) => {
          const name = unique('Cement');
          const stores = await Promise.all(Array.from({ length: STORES }, () => createStore(t.app, admin.token)));
          const materials = await Promise.all(
            stores.map((each, index) =>
              createMaterial(t.app, admin.token, { name, storeId: each._id, totalQuantity: openings[index] ?? 0 }),
            ),
          );

          // Drafts, then every dispatch at once: some are short and refused as a whole.
          const drafts = await Promise.all(
            sends.map((one) =>
              call('POST', '/api/transfers', {
                fromStoreId: stores[one.from]?._id,
                toStoreId: stores[one.to]?._id,
                lines: [{ materialId: materials[one.from]?._id, quantity: one.quantity }],
              }),
            ),
          );
          const ids = drafts.map((draft) => {
            expect(draft.statusCode, draft.body).toBe(201);
            return draft.json().transfer._id as string;
          });
          const dispatched = await Promise.all(ids.map((id) => call('POST', `/api/transfers/${id}/dispatch`)));
          for (const answer of dispatched) {
            expect([200, 409]).toContain(answer.statusCode);
            count('dispatch', answer.statusCode);
          }

          // Receipts (some too many), write-offs and issues, all at once.
          const lineOf = new Map(
            drafts.map((draft) => [draft.json().transfer._id as string, draft.json().transfer.lines[0]._id as string]),
          );
          const answers = await Promise.all(
            afters.map((op) => {
              if (op.kind === 'issue') {
                return call('POST', '/api/user/consume-stock', { productId: materials[op.store]?._id, quantity: op.quantity });
              }
              const id = ids[op.transfer] as string;
              if (op.kind === 'close') return call('POST', `/api/transfers/${id}/close`, { reason: 'Lost on the road' });
              return call('POST', `/api/transfers/${id}/receive`, {
                lines: [{ lineId: lineOf.get(id), received: op.received, damaged: op.damaged }],
              });
            }),
          );
          // 400: a receipt of nothing; 409: too many, short stock, or not in transit (a draft, or closed).
          answers.forEach((answer, index) => {
            expect([200, 400, 409], answer.body).toContain(answer.statusCode);
            count(afters[index]?.kind ?? '', answer.statusCode);
          });

          expect(await findLedgerMismatches(t.database.db)).toEqual([]);
          const totals = await companyTotals(name);
          expect(totals && totals.available + totals.in_transit + totals.written_off).toBe(totals?.ledger);
          // Each transfer's status is what its lines say.
          for (const id of ids) {
            const { transfer } = (await call('GET', `/api/transfers/${id}`)).json();
            const line = transfer.lines[0];
            expect(line.received + line.damaged + line.lost).toBeLessThanOrEqual(line.quantity);
            if (transfer.status === 'received') expect(line.received).toBe(line.quantity);
            if (transfer.status === 'received_with_discrepancy') expect(line.received + line.damaged + line.lost).toBe(line.quantity);
            if (transfer.status === 'partially_received') expect(line.inTransit).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 12 },
    );
    console.log(
      `transfers property: ${[...tally]
        .sort()
        .map(([what, n]) => `${n} × ${what}`)
        .join(', ')}`,
    );
  });
});
