import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMaterial, createStoreWithStaff, recordAt } from '../../test/factories';
import { findLedgerMismatches } from '../../test/ledger-check';
import { queryRows } from './sql';
import { keepUp, upkeep } from './upkeep';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

/** How many table rows a store's index-only ledger scan had to read besides the index. */
async function heapFetches(storeId: string): Promise<number> {
  const plan = await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return queryRows<Record<string, string>>(
      tx,
      sql`explain (analyze, costs off, timing off) select item_id, quantity from movements where store_id = ${storeId} and occurred_at >= '2026-01-01'`,
    );
  });
  const text = plan.map((row) => Object.values(row)[0]).join('\n');
  // Each month of the ledger holds its own copy of movements_store_time_covering_idx.
  expect(text).toMatch(/Index Only Scan using movements_default_store_id_occurred_at_\w+ on movements_default/);
  return [...text.matchAll(/Heap Fetches: (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe('upkeep of the embedded database', () => {
  it('analyzes tables that have no statistics yet, and again once their rows changed by more than 50 + 10 %', async () => {
    const { keeper } = await createStoreWithStaff(t.app, t.database.db);
    const material = await createMaterial(t.app, keeper.token, { totalQuantity: 5 });
    expect((await upkeep(t.database.db)).analyzed).toEqual(expect.arrayContaining(['materials', 'movements', 'stores', 'users']));
    expect(await queryRows(t.database.db, sql`select 1 from pg_stats where tablename = 'movements' and attname = 'store_id'`)).toHaveLength(
      1,
    );
    expect((await upkeep(t.database.db)).analyzed).toEqual([]);

    for (let i = 0; i < 60; i += 1) {
      await recordAt(t.database.db, { itemId: material._id, kind: 'purchase', quantity: 1, at: '2026-03-02T10:00:00Z' });
    }
    // PostgreSQL reports changes to its statistics a moment later, and analyzes by itself anyway.
    // March 2026 has no partition of its own (made from the migration's month on): its movements are in the default one.
    if (t.database.driver === 'pglite') {
      expect((await upkeep(t.database.db)).analyzed).toEqual(['materials', 'movement_keys', 'movements', 'movements_default']);
    }
  });

  it('vacuums the ledger every few minutes on the embedded database, which has no autovacuum, so reports read the index alone', async () => {
    const { store, keeper } = await createStoreWithStaff(t.app, t.database.db);
    const material = await createMaterial(t.app, keeper.token, { totalQuantity: 5 });
    for (let day = 10; day < 15; day += 1) {
      await recordAt(t.database.db, { itemId: material._id, kind: 'purchase', quantity: 1, at: `2026-02-${day}T10:00:00Z` });
    }
    expect(await heapFetches(store._id)).toBeGreaterThan(0);

    const failures: unknown[] = [];
    const stop = keepUp(t.database, (error) => failures.push(error), 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    expect(failures).toEqual([]);
    // PostgreSQL vacuums by itself (after 10,000 new movements, migration 0007): the server leaves it alone.
    if (t.database.driver === 'pglite') expect(await heapFetches(store._id)).toBe(0);
    else expect(await heapFetches(store._id)).toBeGreaterThan(0);
  });
});
