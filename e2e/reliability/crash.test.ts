// kill -9 in the middle of concurrent movements, restart, and check that nothing acknowledged was lost.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';
import { findLedgerMismatches } from '../../server/test/ledger-check';
import { call, freshDatabase, login, type RunningServer, seedStock, startServer } from './server-process';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const WORKERS = 16;

type Tally = { acknowledged: string[]; sent: number };

/** Workers issue and return one unit at a time, each request with its own key, until the server dies. */
async function driveUntilKilled(server: RunningServer, token: string, materialId: string, killAfterMs: number): Promise<Tally> {
  const tally: Tally = { acknowledged: [], sent: 0 };
  let isAlive = true;
  const worker = async (n: number) => {
    for (let i = 0; isAlive; i += 1) {
      const key = randomUUID();
      const isIssue = (i + n) % 2 === 0;
      tally.sent += 1;
      try {
        const { status } = await call(server.url, isIssue ? '/api/user/consume-stock' : '/api/user/refund-stock', {
          method: 'POST',
          token,
          key,
          body: isIssue ? { productId: materialId, quantity: 1 } : { productId: materialId, refundQuantity: 1 },
        });
        if (status === 200) tally.acknowledged.push(key);
      } catch {
        // The connection died with the server: not acknowledged.
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill('SIGKILL');
  isAlive = false;
  await Promise.all(workers);
  if (server.child.exitCode === null && server.child.signalCode === null) await once(server.child, 'exit');
  return tally;
}

async function verify(database: Database, acknowledged: string[]): Promise<number> {
  const found = await queryRows<{ key: string }>(
    database.db,
    sql`select idempotency_key as key from movements where idempotency_key is not null`,
  );
  const stored = new Set(found.map((row) => row.key));
  const lost = acknowledged.filter((key) => !stored.has(key));
  assert.deepEqual(lost, [], `${lost.length} acknowledged movements are missing from the ledger`);
  assert.deepEqual(await findLedgerMismatches(database.db), [], 'a counter disagrees with its ledger');
  return stored.size;
}

async function crashLoop(name: string, env: Record<string, string>, openForCheck: () => Promise<Database>) {
  let server = await startServer(env);
  const token = await login(server.url);
  const { materialId } = await seedStock(server.url, token, 1_000_000);
  let acknowledged = 0;
  let sent = 0;
  let stored = 0;
  for (let kill = 1; kill <= KILLS; kill += 1) {
    const tally = await driveUntilKilled(server, token, materialId, 300 + Math.floor(Math.random() * 700));
    acknowledged += tally.acknowledged.length;
    sent += tally.sent;
    const database = await openForCheck();
    try {
      stored = await verify(database, tally.acknowledged.length ? tally.acknowledged : []);
    } finally {
      await database.close();
    }
    server = await startServer(env);
    assert.equal((await call(server.url, '/api/health')).status, 200);
  }
  await server.stop();
  console.log(
    `${name}: ${KILLS} kills survived; ${sent} movements sent, ${acknowledged} acknowledged, all found (${stored} keyed movements in the ledger)`,
  );
}

// PGlite and PostgreSQL go side by side.
describe('crash safety', { concurrency: true }, () => {
  const folders: string[] = [];
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it(`loses no acknowledged movement across ${KILLS} kill -9 on PGlite`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stockyard-crash-'));
    folders.push(dataDir);
    await crashLoop('PGlite', { DATA_DIR: dataDir }, () => openPglite(join(dataDir, 'db')));
  });

  it(`loses no acknowledged movement across ${KILLS} kill -9 on PostgreSQL`, {
    skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set',
  }, async () => {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL as string, 'stockyard_crash');
    try {
      await crashLoop('PostgreSQL', { DATABASE_URL: database.url }, async () => openPostgres(database.url, 2));
    } finally {
      await database.drop();
    }
  });
});
