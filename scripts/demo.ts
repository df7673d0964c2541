// `npm run demo`: Stockyard on its own data folder (./demo-data), filled with three stores, a user of
// each role and four months of movements, then started like `npm start`.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lockDataDir, openDataDir } from '../server/src/db/data-dir';
import { migrate } from '../server/src/db/migrate';
import { DEMO_PASSWORD, DEMO_USERS, fillDemo } from '../server/src/demo/demo.repository';

const dataDir = resolve(process.env.DEMO_DATA_DIR ?? 'demo-data');

async function fill(): Promise<void> {
  const release = lockDataDir(dataDir);
  const database = await openDataDir(dataDir, console.log);
  try {
    await migrate(database);
    await fillDemo(database.db);
    console.log('Demo data: three stores, their materials and tools, four months of movements.');
  } finally {
    await database.close();
    release();
  }
}

if (!existsSync(join(dataDir, 'db'))) await fill();
console.log(`\nDemo accounts (password "${DEMO_PASSWORD}" for each):`);
for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(10)} ${user.email}`);
console.log('');
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = '';
// A trial: the demo admin signs in by password alone (REQUIRE_ADMIN_MFA=true to try two-step sign-in).
process.env.REQUIRE_ADMIN_MFA ??= 'false';
await import(pathToFileURL(resolve('server/dist/main.js')).href);
