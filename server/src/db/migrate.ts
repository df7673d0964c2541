import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import type { Database } from './client';

// Any fixed number: every process that starts against one PostgreSQL takes the same lock.
const MIGRATION_LOCK_ID = 4_271_901;

/** Applies the SQL migrations in server/drizzle (or `folder`); on PostgreSQL one process at a time. */
export async function migrate(database: Database, folder = migrationsDir): Promise<void> {
  const config = { migrationsFolder: folder };
  if (!database.url) {
    await migratePglite(database.db as never, config);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
