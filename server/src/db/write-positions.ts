import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { queryRows } from './sql';

/** A WAL position ('16/B374D848') as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Notes where the primary's WAL stood after a person's write committed; taken after the commit, so
 * at or past it. The insert position, not pg_current_wal_lsn (what has been written out): a commit
 * that does not wait for the disk may still sit in the WAL buffers, and a replica at the written-out
 * position would not have it. Two writes of one person answered at once keep the further position.
 */
export async function recordWritePosition(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(
    sql`insert into write_positions (user_id, lsn) values (${userId}, pg_current_wal_insert_lsn()::text)
        on conflict (user_id) do update
          set lsn = greatest(write_positions.lsn::pg_lsn, excluded.lsn::pg_lsn)::text, written_at = now()`,
  );
}

/** Where the person's last write ended, or null if they have written nothing. */
export async function lastWritePosition(db: DbOrTx, userId: string): Promise<bigint | null> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`select lsn from write_positions where user_id = ${userId}`);
  return row ? lsnValue(row.lsn) : null;
}

/** How far the primary's WAL has been filled, as recordWritePosition notes it. */
export async function primaryPosition(db: DbOrTx): Promise<bigint> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return lsnValue((row as { lsn: string }).lsn);
}

/** How far a standby has replayed the primary's WAL; an error if the server is not a standby. */
export async function replicaState(db: DbOrTx): Promise<bigint> {
  const [row] = await queryRows<{ lsn: string | null }>(db, sql`select pg_last_wal_replay_lsn()::text as lsn`);
  if (!row?.lsn) throw new Error('READ_DATABASE_URL names a server that is not a standby.');
  return lsnValue(row.lsn);
}
