import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { migrationsDir, serverRoot as serverDir } from '../paths';
import * as schema from './schema';
import { FUNCTIONS, MOVEMENT_PARTITION_OPTIONS, SQL_INDEXES, TABLE_OPTIONS, TRIGGERS } from './schema/database-objects';
import { queryRows } from './sql';

const tables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the schema files', () => {
  it('match the migrations: drizzle-kit finds nothing to generate', { timeout: 60_000 }, async () => {
    const scratch = mkdtempSync(join(serverDir, '.drizzle-check-'));
    try {
      cpSync(migrationsDir, scratch, { recursive: true });
      const { stdout } = await promisify(execFile)(
        'npx',
        [
          'drizzle-kit',
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema/index.ts',
          '--out',
          relative(serverDir, scratch),
        ],
        { cwd: serverDir },
      );
      expect(stdout).toContain('No schema changes');
      expect(readdirSync(scratch).filter((name) => name.endsWith('.sql'))).toEqual(
        readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')),
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('name every table and index of the migrated database', async () => {
    const found = await queryRows<{ table: string; index: string }>(
      t.database.db,
      sql`select tablename as table, indexname as index from pg_indexes i
          where schemaname = 'public' and not exists (select 1 from pg_inherits h where h.inhrelid = (quote_ident(i.indexname))::regclass)
          order by 1, 2`,
    );
    // A partition of the ledger is described by the partitioned table.
    const foundTables = await queryRows<{ name: string }>(
      t.database.db,
      sql`select c.relname as name from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition`,
    );
    expect(foundTables.map((row) => row.name).sort()).toEqual(tables.map((table) => table.name).sort());
    const described = tables.flatMap((table) => [
      ...table.indexes.map((index) => index.config.name),
      ...(table.primaryKeys.length > 0 ? table.primaryKeys.map((key) => key.getName()) : [`${table.name}_pkey`]),
    ]);
    expect(found.map((row) => row.index).sort()).toEqual([...described, ...Object.keys(SQL_INDEXES)].sort());
    for (const [name, definition] of Object.entries(SQL_INDEXES)) {
      const [row] = await queryRows<{ definition: string }>(t.database.db, sql`select pg_get_indexdef(${name}::regclass) as definition`);
      expect(row?.definition).toBe(definition);
    }
  });

  it('state every trigger, trigger function and table option of the migrated database', async () => {
    const triggers = await queryRows<{ name: string; definition: string }>(
      t.database.db,
      sql`select tgname as name, pg_get_triggerdef(oid) as definition from pg_trigger where not tgisinternal and tgparentid = 0 order by 1`,
    );
    expect(Object.fromEntries(triggers.map((row) => [row.name, row.definition]))).toEqual(TRIGGERS);
    const functions = await queryRows<{ name: string }>(
      t.database.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    expect(functions.map((row) => row.name).sort()).toEqual([...FUNCTIONS].sort());
    const options = await queryRows<{ name: string; options: string[] }>(
      t.database.db,
      sql`select c.relname as name, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.reloptions is not null and not c.relispartition`,
    );
    expect(Object.fromEntries(options.map((row) => [row.name, row.options]))).toEqual(TABLE_OPTIONS);
    const partitions = await queryRows<{ name: string; options: string[] | null }>(
      t.database.db,
      sql`select c.relname as name, c.reloptions as options from pg_inherits h join pg_class c on c.oid = h.inhrelid
          where h.inhparent = 'movements'::regclass`,
    );
    expect(partitions.map((row) => row.name)).toContain('movements_default');
    for (const partition of partitions) expect(partition.options, partition.name).toEqual(MOVEMENT_PARTITION_OPTIONS);
  });
});
