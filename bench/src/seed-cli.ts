// npm run bench:seed -- --stores 100 --materials 10000 --tools 2000 --movements 1000000 [--db postgres]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openPostgres } from '../../server/src/db/client';
import { lockDataDir, openDataDir } from '../../server/src/db/data-dir';
import { migrate } from '../../server/src/db/migrate';
import { findLedgerMismatches } from '../../server/test/ledger-check';
import { seed } from './seed';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'data-dir': { type: 'string', default: join(import.meta.dirname, '..', '.data') },
    stores: { type: 'string', default: '100' },
    materials: { type: 'string', default: '10000' },
    'materials-per-store': { type: 'string', default: '100' },
    tools: { type: 'string', default: '2000' },
    movements: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '180' },
    check: { type: 'boolean', default: true },
  },
});

async function open(): Promise<{ database: Database; release: () => void }> {
  if (values.db === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to an empty PostgreSQL database.');
    const database = openPostgres(process.env.DATABASE_URL, 2, 0);
    await migrate(database);
    return { database, release: () => {} };
  }
  const dataDir = values['data-dir'] as string;
  const release = lockDataDir(dataDir);
  const database = await openDataDir(dataDir, console.log);
  await migrate(database);
  return { database, release };
}

const started = performance.now();
const { database, release } = await open();
try {
  await seed(
    database.db,
    {
      stores: Number(values.stores),
      materials: Number(values.materials),
      materialsPerStore: Number(values['materials-per-store']),
      tools: Number(values.tools),
      movements: Number(values.movements),
      days: Number(values.days),
    },
    (message) => console.log(`  ${message}`),
  );
  if (values.check) {
    const mismatches = await findLedgerMismatches(database.db);
    if (mismatches.length > 0) throw new Error(`${mismatches.length} counters disagree with the ledger`);
    console.log('  every counter equals its ledger');
  }
  console.log(`Seeded ${values.db} in ${Math.round((performance.now() - started) / 1000)} s`);
} finally {
  await database.close();
  release();
}
