import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { addMovementPartitions, MONTHS_AHEAD } from '../../db/movement-partitions';
import { queryRows } from '../../db/sql';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { reportQuery } from './reports.repository';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

/** The name of the partition of the UTC month `offset` months from `now`. */
function monthPartition(offset: number, now = new Date()): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `movements_${month.toISOString().slice(0, 7).replace('-', '_')}`;
}

async function partitions(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    t.database.db,
    sql`select c.relname as name from pg_inherits h join pg_class c on c.oid = h.inhrelid
        where h.inhparent = 'movements'::regclass order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Which partition holds each of an item's movements, oldest first. */
async function partitionsOf(itemId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    t.database.db,
    sql`select tableoid::regclass::text as name from movements where item_id = ${itemId} order by occurred_at`,
  );
  return rows.map((row) => row.name);
}

async function issue(productId: string, quantity: number): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/consume-stock',
    headers: bearer(staff.keeper.token),
    payload: { productId, quantity },
  });
  expect(response.statusCode).toBe(200);
}

describe('the ledger, partitioned by month', () => {
  it('has a partition for this month and each of the next three, and a default one for any other month', async () => {
    const months = Array.from({ length: MONTHS_AHEAD + 1 }, (_, offset) => monthPartition(offset));
    expect(await partitions()).toEqual(expect.arrayContaining([...months, 'movements_default']));
    const [bounds] = await queryRows<{ bounds: string }>(
      t.database.db,
      sql`select pg_get_expr(relpartbound, oid) as bounds from pg_class where relname = ${monthPartition(1)}`,
    );
    const next = new Date();
    const start = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1));
    const end = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 2, 1));
    expect(bounds?.bounds).toBe(
      `FOR VALUES FROM ('${start.toISOString().slice(0, 10)} 00:00:00+00') TO ('${end.toISOString().slice(0, 10)} 00:00:00+00')`,
    );
  });

  it('makes the coming months once, whichever process asks first', async () => {
    const inFourMonths = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 4, 15));
    const made = await Promise.all([
      addMovementPartitions(t.database.db, inFourMonths),
      addMovementPartitions(t.database.db, inFourMonths),
    ]);
    expect(made.sort()).toEqual([0, MONTHS_AHEAD + 1]);
    expect(await addMovementPartitions(t.database.db, inFourMonths)).toBe(0);
    expect(await partitions()).toEqual(expect.arrayContaining([monthPartition(4), monthPartition(4 + MONTHS_AHEAD)]));
  });

  it("writes each movement into its month's partition, and one dated into a month without one into the default partition, where it stays", async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/supply/add',
      headers: bearer(staff.admin.token),
      payload: { productId: product._id, quantity: 7, supplier: 'Acme', dateReceived: '2020-01-15' },
    });
    expect(delivered.statusCode).toBe(201);
    await issue(product._id, 3);
    expect(await partitionsOf(product._id)).toEqual(['movements_default', monthPartition(0), monthPartition(0)]);

    // Its month cannot be made while one of its movements sits in the default partition.
    const [made] = await queryRows<{ made: number }>(
      t.database.db,
      sql`select add_movement_partitions('2020-01-01', '2020-01-01') as made`,
    );
    expect(made?.made).toBe(0);
    expect(await partitions()).not.toContain('movements_2020_01');
    const [january] = await queryRows<{ purchases: string }>(
      t.database.db,
      reportQuery({ storeId: staff.store._id, start: '2020-01-01', end: '2020-01-31', timeZone: 'UTC' }),
    );
    expect(january).toMatchObject({ purchases: '7.000' });
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it("reads only the months from a report's first day on", async () => {
    await queryRows(t.database.db, sql`select add_movement_partitions('2025-01-01', '2025-06-01')`);
    const start = new Date().toISOString().slice(0, 10);
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.database.db,
      sql`explain ${reportQuery({ storeId: staff.store._id, start, end: start, timeZone: 'UTC' })}`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain(monthPartition(0));
    // The months before the first day are read only to learn whether a material existed by the end.
    const scansOfEarlierMonths = text.split('\n').filter((line) => /movements_2025_0[1-6]/.test(line));
    expect(scansOfEarlierMonths.every((line) => /movements_2025_0[1-6]_item_id_occurred_at_idx/.test(line))).toBe(true);
  });

  it('refuses a movement whose id another month already holds', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 4 });
    await issue(product._id, 1);
    const error = await t.database.db
      .execute(
        sql`insert into movements (id, store_id, item_kind, item_id, kind, quantity, occurred_at)
            select id, store_id, item_kind, item_id, kind, quantity, '2020-02-01' from movements where item_id = ${product._id} and kind = 'issue'`,
      )
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(databaseErrorCode(error)).toBe(UNIQUE_VIOLATION);
  });

  it('lets exactly one of two simultaneous reversals of each movement through', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    for (let i = 0; i < 8; i += 1) await issue(product._id, 1);
    const issued = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from movements where item_id = ${product._id} and kind = 'issue'`,
    );
    const reverse = (token: string, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/movements/${id}/reverse`, headers: bearer(token), payload: { reason: 'Twice' } });
    const answers = await Promise.all(
      issued.flatMap(({ id }) =>
        [reverse(staff.keeper.token, id), reverse(staff.admin.token, id)].map(async (answer) => ({
          id,
          status: (await answer).statusCode,
        })),
      ),
    );
    for (const { id } of issued) {
      expect(
        answers
          .filter((answer) => answer.id === id)
          .map((answer) => answer.status)
          .sort(),
      ).toEqual([200, 409]);
    }
    const [counts] = await queryRows<{ movements: number; keys: number; reversals: number }>(
      t.database.db,
      sql`select (select count(*)::int from movements) as movements, (select count(*)::int from movement_keys) as keys,
                 (select count(*)::int from movements where item_id = ${product._id} and reverses_id is not null) as reversals`,
    );
    expect(counts).toMatchObject({ reversals: issued.length });
    expect(counts?.keys).toBe(counts?.movements);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});
