import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, recordAt } from '../../../test/factories';
import type { MovementKind } from '../../db/schema';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const EPOCH = Date.parse('2026-01-01T00:00:00Z');
const day = (offset: number) => new Date(EPOCH + offset * DAY).toISOString().slice(0, 10);

const movement = fc.record({
  item: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom<MovementKind>('purchase', 'delivery', 'transfer_in', 'issue', 'damage', 'return'),
  quantity: fc.integer({ min: 1, max: 20 }),
  // Any second of January and February.
  at: fc.integer({ min: 0, max: 59 * DAY - 1000 }),
});

type Row = {
  materialId: string;
  previousQuantity: number;
  restockedQuantity: number;
  transferQuantity: number;
  consumedQuantity: number;
  damagedQuantity: number;
  refundQuantity: number;
  currentAvailableQuantity: number;
};

async function reportOf(start: string, end: string): Promise<Map<string, Row>> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/report?startDate=${start}&endDate=${end}`,
    headers: bearer(staff.keeper.token),
  });
  expect(response.statusCode).toBe(200);
  return new Map(response.json().data.map((row: Row) => [row.materialId, row]));
}

describe('reports agree with the ledger for random histories and random ranges', () => {
  it('closing = opening + purchases + transfers + returns − issued − damaged, and one range closes where the next opens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(movement, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 58 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        async (moves, startOffset, length, nextLength) => {
          const items = await Promise.all([0, 1, 2].map(() => createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 })));
          await Promise.all(
            items.map((item) => recordAt(t.database.db, { itemId: item._id, kind: 'opening', quantity: 15, at: '2025-12-31T12:00:00Z' })),
          );
          for (const move of [...moves].sort((a, b) => a.at - b.at)) {
            // Refusals (more out than in) simply record nothing, as in the app.
            await recordAt(t.database.db, {
              itemId: (items[move.item] as { _id: string })._id,
              kind: move.kind,
              quantity: move.quantity,
              at: new Date(EPOCH + move.at).toISOString(),
            });
          }
          const start = day(startOffset);
          const end = day(startOffset + length);
          const range = await reportOf(start, end);
          const next = await reportOf(day(startOffset + length + 1), day(startOffset + length + nextLength));
          const whole = await reportOf('2025-12-01', '2099-12-31');
          const counters = (
            await t.app.inject({ method: 'GET', url: '/api/user/get-product', headers: bearer(staff.keeper.token) })
          ).json();
          for (const item of items) {
            const row = range.get(item._id) as Row;
            // The row adds up as printed: Closing = Total + Purchases + Transfer + Return − Consumed − Damaged.
            expect(row.currentAvailableQuantity).toBe(
              row.previousQuantity +
                row.restockedQuantity +
                row.transferQuantity +
                row.refundQuantity -
                row.consumedQuantity -
                row.damagedQuantity,
            );
            for (const column of [row.consumedQuantity, row.refundQuantity, row.damagedQuantity, row.transferQuantity]) {
              expect(column).toBeGreaterThanOrEqual(0);
            }
            expect(row.currentAvailableQuantity).toBeGreaterThanOrEqual(0);
            expect(next.get(item._id)?.previousQuantity).toBe(row.currentAvailableQuantity);
            const live = counters.find((product: { _id: string }) => product._id === item._id);
            expect(whole.get(item._id)?.currentAvailableQuantity).toBe(live.availableQuantity);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
