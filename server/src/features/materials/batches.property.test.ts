import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { shiftDay, todayIn } from '../../lib/calendar';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const today = todayIn('UTC');
/** Three batches: A expires first, B later, C has expired. */
const EXPIRIES: Record<Batch, string> = { A: shiftDay(today, 10), B: shiftDay(today, 100), C: shiftDay(today, -1) };
type Batch = 'A' | 'B' | 'C';
/** Each unit's factor in hundredths of the stock unit: the stock unit, a pallet of 40, a quarter. */
const UNITS = { stock: 100, pallet: 4000, quarter: 25 } as const;
type Unit = keyof typeof UNITS;

type Op = { kind: 'purchase' | 'issue' | 'damage'; hundredths: number; unit: Unit; batch: Batch | null };
const op = fc.record({
  kind: fc.constantFrom('purchase', 'issue', 'damage') as fc.Arbitrary<Op['kind']>,
  hundredths: fc.integer({ min: 1, max: 2500 }),
  unit: fc.constantFrom('stock', 'pallet', 'quarter') as fc.Arbitrary<Unit>,
  batch: fc.constantFrom('A', 'B', 'C', null) as fc.Arbitrary<Batch | null>,
});

/** Quantities in hundredths of the stock unit, exact integers: the material takes 2 decimals. */
type Model = Record<Batch, number>;

/** What an op does to the batches, or the status it is refused with; in hundredths of the stock unit. */
function apply(model: Model, op: Op): { status: number; after?: Model } {
  const tenThousandths = op.hundredths * UNITS[op.unit];
  if (tenThousandths % 100 !== 0) return { status: 400 };
  const quantity = tenThousandths / 100;
  if (op.kind === 'purchase') {
    if (!op.batch) return { status: 400 };
    return { status: 200, after: { ...model, [op.batch]: model[op.batch] + quantity } };
  }
  if (op.batch) {
    // An issue may not take the expired batch, whatever it holds.
    if (op.kind === 'issue' && op.batch === 'C') return { status: 409 };
    if (model[op.batch] < quantity) return { status: 409 };
    return { status: 200, after: { ...model, [op.batch]: model[op.batch] - quantity } };
  }
  // Named none: the unexpired batches, the soonest expiry first.
  if (model.A + model.B < quantity) return { status: 409 };
  const fromA = Math.min(model.A, quantity);
  return { status: 200, after: { ...model, A: model.A - fromA, B: model.B - (quantity - fromA) } };
}

function send(material: { _id: string; name: string }, op: Op) {
  const quantity = (op.hundredths / 100).toFixed(2);
  const unit = op.unit === 'stock' ? {} : { unit: op.unit };
  const batch = op.batch ? { batch: op.batch } : {};
  const [url, payload] = {
    purchase: [
      '/api/user/add-restock-product',
      { name: material.name, quantity, ...unit, ...batch, ...(op.batch ? { expiresOn: EXPIRIES[op.batch] } : {}) },
    ],
    issue: ['/api/user/consume-stock', { productId: material._id, quantity, ...unit, ...batch }],
    damage: ['/api/user/add-damaged-stock', { productId: material._id, damagedQuantity: quantity, ...unit, ...batch }],
  }[op.kind] as [string, object];
  return t.app.inject({ method: 'POST', url, headers: bearer(staff.keeper.token), payload });
}

const hundredthsOf = (value: number) => Math.round(value * 100);

describe('random decimal movements over units and batches', () => {
  it('answer as a model of the rules says, keep each batch as the model does, and the report adds up exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/user/add-product',
          headers: bearer(staff.keeper.token),
          payload: { name: unique('Admix'), unit: 'l', decimals: 2, tracksExpiry: true },
        });
        const material = made.json().product as { _id: string; name: string };
        const units = await t.app.inject({
          method: 'PUT',
          url: `/api/materials/${material._id}/units`,
          headers: bearer(staff.admin.token),
          payload: {
            units: [
              { name: 'pallet', factor: 40 },
              { name: 'quarter', factor: '0.25' },
            ],
          },
        });
        expect(units.statusCode, units.body).toBe(200);
        let model: Model = { A: 0, B: 0, C: 0 };
        for (const next of ops) {
          const expected = apply(model, next);
          const answer = await send(material, next);
          expect(answer.statusCode, `${JSON.stringify(next)}: ${answer.body}`).toBe(expected.status);
          if (expected.after) model = expected.after;
        }
        const batches = (
          await t.app.inject({ method: 'GET', url: `/api/materials/${material._id}/batches`, headers: bearer(staff.keeper.token) })
        ).json().batches as { batch: Batch; quantity: number }[];
        const held = Object.fromEntries(batches.map((row) => [row.batch, hundredthsOf(row.quantity)]));
        expect(held).toEqual(Object.fromEntries(Object.entries(model).filter(([, quantity]) => quantity > 0)));

        const report = (
          await t.app.inject({
            method: 'GET',
            url: `/api/user/report?startDate=${shiftDay(today, -1)}&endDate=${today}`,
            headers: bearer(staff.keeper.token),
          })
        ).json().data as Record<string, number | string>[];
        const row = report.find((line) => line.materialId === material._id) as Record<string, number>;
        const [opening, bought, transferred, returned, issued, damaged, closing] = [
          row.previousQuantity,
          row.restockedQuantity,
          row.transferQuantity,
          row.refundQuantity,
          row.consumedQuantity,
          row.damagedQuantity,
          row.currentAvailableQuantity,
        ].map((value) => hundredthsOf(value ?? 0));
        expect(closing).toBe((opening ?? 0) + (bought ?? 0) + (transferred ?? 0) + (returned ?? 0) - (issued ?? 0) - (damaged ?? 0));
        expect(closing).toBe(model.A + model.B + model.C);
        expect(await findLedgerMismatches(t.database.db)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
