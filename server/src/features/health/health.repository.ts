import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

/** How many migrations this database has applied. */
export async function appliedMigrationCount(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return row?.count ?? 0;
}
