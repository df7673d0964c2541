// `npm run backup` while the server runs, `npm run restore` into another data folder, and every table compared.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { BACKUP_TABLES, type Backup, dumpDatabase } from '../../server/src/db/backup';
import { openPglite } from '../../server/src/db/client';
import { call, login, root, seedStock, startServer } from './server-process';

function cli(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['server/dist/cli.js', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

function rowsOf(backup: Backup): Record<string, string[]> {
  return Object.fromEntries(BACKUP_TABLES.map((table) => [table, (backup.tables[table] ?? []).map((row) => JSON.stringify(row)).sort()]));
}

describe('backups of the embedded database', () => {
  const folders = [mkdtempSync(join(tmpdir(), 'stockyard-backup-a-')), mkdtempSync(join(tmpdir(), 'stockyard-backup-b-'))];
  const [source, target] = folders as [string, string];
  const file = join(source, '..', `stockyard-backup-${Date.now()}.json.gz`);
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    rmSync(file, { force: true });
  });

  it('backs up a running server consistently and restores every table exactly', async () => {
    const server = await startServer({ DATA_DIR: source });
    const token = await login(server.url);
    const { materialId } = await seedStock(server.url, token, 50);
    await call(server.url, '/api/user/consume-stock', { method: 'POST', token, body: { productId: materialId, quantity: 7 } });

    const backedUp = cli(source, 'backup', file);
    assert.equal(backedUp.status, 0, backedUp.stderr);
    // Made after the backup: must not be in the restored copy.
    await call(server.url, '/api/user/consume-stock', { method: 'POST', token, body: { productId: materialId, quantity: 1 } });
    await server.stop();

    const backup = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Backup;
    assert.equal(backup.tables.movements?.length, 2);

    const restored = cli(target, 'restore', file);
    assert.equal(restored.status, 0, restored.stderr);
    const database = await openPglite(join(target, 'db'));
    try {
      assert.deepEqual(rowsOf(await dumpDatabase(database.db)), rowsOf(backup));
    } finally {
      await database.close();
    }

    // The restored folder serves the same stock.
    const again = await startServer({ DATA_DIR: target });
    const products = await call<{ _id: string; availableQuantity: number }[]>(again.url, '/api/products', {
      token: await login(again.url),
    });
    assert.deepEqual(
      products.body.map((p) => [p._id, p.availableQuantity]),
      [[materialId, 43]],
    );

    // A second server on the same folder refuses to start and leaves the first one serving.
    const second = spawnSync(process.execPath, ['server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: target, DATABASE_URL: '', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(second.status, 1);
    assert.match(second.stderr, /in use by another Stockyard process/);
    assert.equal((await call(again.url, '/api/health')).status, 200);

    // A restore refuses while Stockyard runs on the folder.
    const refused = cli(target, 'restore', file);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /in use by another Stockyard process/);
    await again.stop();
    console.log(`backup round trip: ${BACKUP_TABLES.map((table) => `${table} ${backup.tables[table]?.length}`).join(', ')}`);
  });
});
