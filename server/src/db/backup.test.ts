import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../../test/factories';
import { findLedgerMismatches } from '../../test/ledger-check';
import { BACKUP_TABLES, type Backup, dumpDatabase, loadBackup } from './backup';
import { queryRows } from './sql';

let source: TestApp;
let target: TestApp;

function sorted(backup: Backup): Record<string, string[]> {
  return Object.fromEntries(BACKUP_TABLES.map((table) => [table, (backup.tables[table] ?? []).map((row) => JSON.stringify(row)).sort()]));
}

beforeAll(async () => {
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);
  const staff = await createStoreWithStaff(source.app, source.database.db);
  const material = await createMaterial(source.app, staff.keeper.token, { name: 'Cement é', totalQuantity: 40 });
  await createTool(source.app, staff.keeper.token, { name: 'Drill' });
  await source.app.inject({
    method: 'POST',
    url: '/api/user/consume-stock',
    headers: { ...bearer(staff.keeper.token), 'idempotency-key': 'k1' },
    payload: { productId: material._id, quantity: 5 },
  });
  await source.app.inject({
    method: 'POST',
    url: '/api/supply/add',
    headers: bearer(staff.keeper.token),
    payload: { productId: material._id, quantity: 3, supplier: 'Acme', dateReceived: '2026-11-01' },
  });
  await source.app.inject({
    method: 'PUT',
    url: `/api/products/update-remarks/${material._id}`,
    headers: bearer(staff.keeper.token),
    payload: { remarks: 'Sacs mouillés' },
  });
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

describe('backup and restore', () => {
  it('copies every table but the sign-in attempts (by password and through the provider) and item counters', async () => {
    const tables = await queryRows<{ name: string }>(
      source.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const notKept = ['sign_in_attempts', 'oidc_logins', 'item_counts'];
    expect(
      tables
        .map((table) => table.name)
        .filter((name) => !notKept.includes(name))
        .sort(),
    ).toEqual([...BACKUP_TABLES].sort());
  });

  it('restores every table exactly, row for row', async () => {
    const backup = await dumpDatabase(source.database.db);
    expect(backup.tables.movements?.length).toBeGreaterThan(2);
    // Through a file and back, as the command line does.
    await loadBackup(target.database.db, JSON.parse(JSON.stringify(backup)));
    const restored = await dumpDatabase(target.database.db);
    expect(sorted(restored)).toEqual(sorted(backup));
    expect(await findLedgerMismatches(target.database.db)).toEqual([]);

    // Label codes go on after the restored ones: a new item never takes one.
    const codes = [...(backup.tables.materials ?? []), ...(backup.tables.tools ?? [])].map((row) => (row as { code: string }).code);
    const [{ code }] = (await queryRows<{ code: string }>(
      target.database.db,
      sql`insert into tools (store_id, name) select store_id, 'After restore' from tools limit 1 returning code`,
    )) as [{ code: string }];
    expect(codes).not.toContain(code);
    expect(code).toMatch(/^T-[0-9A-F]+$/);
  });

  it('refuses to load into a database that already has users', async () => {
    const backup = await dumpDatabase(source.database.db);
    await expect(loadBackup(source.database.db, backup)).rejects.toThrow(/not empty/);
  });

  it('refuses a backup written under migrations this version does not know', async () => {
    const backup = await dumpDatabase(source.database.db);
    await expect(loadBackup(target.database.db, { ...backup, migrations: [...backup.migrations, 'from-the-future'] })).rejects.toThrow(
      /newer Stockyard/,
    );
    await expect(loadBackup(target.database.db, { ...backup, format: 'other' } as unknown as Backup)).rejects.toThrow(
      /not a Stockyard backup/,
    );
  });
});
