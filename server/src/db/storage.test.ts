import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMaterial, createStoreWithStaff, createTool, recordAt } from '../../test/factories';
import { findLedgerMismatches } from '../../test/ledger-check';
import { queryRows } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

/** The table page that holds a row's current version. */
async function pageOf(table: 'materials' | 'tools', id: string): Promise<number> {
  const [row] = await queryRows<{ page: number }>(
    t.database.db,
    sql`select (ctid::text::point)[0]::int as page from ${sql.identifier(table)} where id = ${id}`,
  );
  return row?.page ?? -1;
}

describe('item storage', () => {
  it.each([
    ['materials', createMaterial],
    ['tools', createTool],
  ] as const)('rewrites a movement’s %s counters on the page the row is on, so no index gets a new entry', async (table, create) => {
    const { keeper } = await createStoreWithStaff(t.app, t.database.db);
    // Enough items to fill their first page as far as new rows may fill it.
    const items = [];
    for (let i = 0; i < 80; i += 1) items.push(await create(t.app, keeper.token, { totalQuantity: 5 }));
    const first = items[0] as { _id: string };
    const page = await pageOf(table, first._id);
    for (let i = 0; i < 5; i += 1) {
      expect(
        await recordAt(t.database.db, {
          itemId: first._id,
          itemKind: table === 'tools' ? 'tool' : 'material',
          kind: 'purchase',
          quantity: 1,
          at: '2026-01-02T10:00:00Z',
        }),
      ).toBe(true);
      expect(await pageOf(table, first._id)).toBe(page);
    }
  });

  it('adds trigram entries straight into the index, with no pending list for searches to read through', async () => {
    const rows = await queryRows<{ name: string; options: string[] | null }>(
      t.database.db,
      sql`select relname as name, reloptions as options from pg_class where relname in ('materials_search_trgm_idx', 'tools_name_trgm_idx') order by relname`,
    );
    expect(rows).toEqual([
      { name: 'materials_search_trgm_idx', options: ['fastupdate=off'] },
      { name: 'tools_name_trgm_idx', options: ['fastupdate=off'] },
    ]);
  });

  it('has each month of the ledger vacuumed after every 10,000 new movements, so reports read recent movements from the index alone', async () => {
    const rows = await queryRows<{ options: string[] | null }>(
      t.database.db,
      sql`select c.reloptions as options from pg_inherits h join pg_class c on c.oid = h.inhrelid where h.inhparent = 'movements'::regclass`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.options).toEqual(['autovacuum_vacuum_insert_scale_factor=0', 'autovacuum_vacuum_insert_threshold=10000']);
    }
  });
});
