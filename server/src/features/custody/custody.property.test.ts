import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, createTool, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let workers: string[];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  workers = [];
  for (const name of [unique('Ada'), unique('Ben')]) {
    const response = await t.app.inject({ method: 'POST', url: '/api/workers', headers: bearer(staff.keeper.token), payload: { name } });
    workers.push(response.json().worker._id);
  }
});
afterAll(() => t.close());

type Operation =
  | { kind: 'checkout'; worker: 0 | 1; quantity: number }
  | { kind: 'checkin'; record: number; good: number; damaged: number; lost: number }
  | { kind: 'issue' | 'return'; quantity: number };

const quantity = fc.integer({ min: 1, max: 4 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('checkout' as const), worker: fc.constantFrom(0 as const, 1 as const), quantity }),
  fc
    .record({
      kind: fc.constant('checkin' as const),
      record: fc.nat({ max: 5 }),
      good: fc.nat({ max: 2 }),
      damaged: fc.nat({ max: 1 }),
      lost: fc.nat({ max: 1 }),
    })
    // An empty return is a 400 (tested on its own); here each return brings something back.
    .filter((op) => op.good + op.damaged + op.lost > 0),
  fc.record({ kind: fc.constantFrom('issue' as const, 'return' as const), quantity }),
);

type Model = { available: number; issued: number; inCustody: number; damaged: number; lost: number; outstanding: number[] };

/** The model after an operation, or null when the server must refuse it (409). */
function expectAfter(model: Model, op: Operation): Model | null {
  switch (op.kind) {
    case 'checkout':
      if (model.available < op.quantity) return null;
      return {
        ...model,
        available: model.available - op.quantity,
        issued: model.issued + op.quantity,
        inCustody: model.inCustody + op.quantity,
        outstanding: [...model.outstanding, op.quantity],
      };
    case 'checkin': {
      const back = op.good + op.damaged + op.lost;
      const out = model.outstanding[op.record];
      if (out === undefined || back > out) return null;
      return {
        available: model.available + op.good,
        issued: model.issued - back,
        inCustody: model.inCustody - back,
        damaged: model.damaged + op.damaged,
        lost: model.lost + op.lost,
        outstanding: model.outstanding.map((value, index) => (index === op.record ? value - back : value)),
      };
    }
    case 'issue':
      return model.available < op.quantity
        ? null
        : { ...model, available: model.available - op.quantity, issued: model.issued + op.quantity };
    case 'return':
      // A plain return takes back only what no worker holds.
      return model.issued - model.inCustody < op.quantity
        ? null
        : { ...model, available: model.available + op.quantity, issued: model.issued - op.quantity };
  }
}

function send(toolId: string, records: string[], op: Operation) {
  const headers = bearer(staff.keeper.token);
  switch (op.kind) {
    case 'checkout':
      return t.app.inject({
        method: 'POST',
        url: `/api/tools/${toolId}/checkout`,
        headers,
        payload: { workerId: workers[op.worker], quantity: op.quantity },
      });
    case 'checkin': {
      const id = records[op.record] ?? '00000000-0000-4000-8000-000000000000';
      return t.app.inject({
        method: 'POST',
        url: `/api/custody/${id}/return`,
        headers,
        payload: { good: op.good, damaged: op.damaged, lost: op.lost },
      });
    }
    case 'issue':
      return t.app.inject({ method: 'POST', url: '/api/user/add-consumed-tool', headers, payload: { toolId, quantity: op.quantity } });
    case 'return':
      return t.app.inject({ method: 'POST', url: '/api/user/add-refund-tool', headers, payload: { toolId, refundQuantity: op.quantity } });
  }
}

/** A tool's issued counter against what workers hold plus plain issues less plain returns, from the database. */
async function issuedParts(toolId: string) {
  const [row] = await queryRows<{ issued: number; in_custody: number; outstanding: number; plain: number }>(
    t.database.db,
    sql`select t.consumed_quantity::float8 as issued, t.custody_quantity::float8 as in_custody,
               (select coalesce(sum(outstanding), 0)::int from custody where tool_id = t.id) as outstanding,
               (select coalesce(sum(case kind when 'issue' then quantity when 'return' then -quantity else 0 end), 0)::int
                from movements where item_id = t.id) as plain
        from tools t where t.id = ${toolId}`,
  );
  return row;
}

describe('tool custody under random check-outs, partial returns, plain issues and returns', () => {
  it('in sequence, each answer matches a model, and issued = what workers hold + plain issues', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 20 }), async (ops) => {
        const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 8 });
        let model: Model = { available: 8, issued: 0, inCustody: 0, damaged: 0, lost: 0, outstanding: [] };
        const records: string[] = [];
        for (const op of ops) {
          const answer = await send(tool._id, records, op);
          const next = expectAfter(model, op);
          if (op.kind === 'checkin' && records[op.record] === undefined) {
            expect(answer.statusCode).toBe(404);
            continue;
          }
          expect(answer.statusCode, `${JSON.stringify(op)}: ${answer.body}`).toBe(next ? (op.kind === 'checkout' ? 201 : 200) : 409);
          if (next && op.kind === 'checkout') records.push(answer.json().custody._id);
          if (next) model = next;
        }
        const parts = await issuedParts(tool._id);
        expect(parts).toEqual({
          issued: model.issued,
          in_custody: model.inCustody,
          outstanding: model.inCustody,
          plain: model.issued - model.inCustody,
        });
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('all at once, only success or 409 comes back and the counters still agree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 30 }), async (ops) => {
        const tool = await createTool(t.app, staff.keeper.token, { totalQuantity: 8 });
        // Two records to return against, then everything at once.
        const records: string[] = [];
        for (const worker of [0, 1] as const) {
          const answer = await send(tool._id, records, { kind: 'checkout', worker, quantity: 3 });
          records.push(answer.json().custody._id);
        }
        const answers = await Promise.all(
          ops.map((op) => send(tool._id, records, op.kind === 'checkin' ? { ...op, record: op.record % 2 } : op)),
        );
        for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
        const parts = await issuedParts(tool._id);
        expect(parts?.issued).toBe((parts?.in_custody ?? 0) + (parts?.plain ?? 0));
        expect(parts?.in_custody).toBe(parts?.outstanding);
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });
});
