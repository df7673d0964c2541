import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { queryRows } from './sql';

/** How many months after this one always have their own partition of the ledger. */
export const MONTHS_AHEAD = 3;

/** The first day of the UTC month `offset` months from `now`, as `YYYY-MM-DD`. */
function monthStart(now: Date, offset: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/**
 * Makes the ledger's partitions of this month and the MONTHS_AHEAD months after it where missing
 * (`add_movement_partitions`, migration 0044), and answers how many it made. A movement dated into a
 * month without one lands in the default partition.
 */
export async function addMovementPartitions(db: DbOrTx, now = new Date()): Promise<number> {
  const [row] = await queryRows<{ made: number }>(
    db,
    sql`select add_movement_partitions(${monthStart(now, 0)}::date, ${monthStart(now, MONTHS_AHEAD)}::date) as made`,
  );
  return row?.made ?? 0;
}
