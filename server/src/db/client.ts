import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteRemote } from './pglite-remote';
import * as schema from './schema';
import { assertOutsideTransaction, runMarkedAsTransaction } from './transaction-guard';

export { inBackground } from './pglite-remote';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A database pool's connections right now: open in all, idle, and requests waiting for one. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL connection string; unset for PGlite. */
  url?: string;
  /** The PostgreSQL pool's connections right now (PGlite has no pool). */
  poolStats?: PoolStats;
  close(): Promise<void>;
};

/**
 * pg hands int8 (count(*), bigint sums) back as strings, PGlite as numbers. Parsing int8 as a JS
 * number here is the one place the two drivers are made to agree (Drizzle's own per-query parsers
 * fall back to these); every quantity this application stores fits far inside 2^53.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * Opens PGlite in memory (no dir) or on a data folder, in a thread of its own: a new database, or one
 * starting as a `snapshot` (from `dumpPglite`) was, in a fraction of the time a new one takes to create.
 */
export async function openPglite(dir?: string, snapshot?: Uint8Array): Promise<Database> {
  const client = await PgliteRemote.open(dir, snapshot);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

/** The files of a PGlite database opened by openPglite, as a snapshot to open others from. */
export function dumpPglite(database: Database): Promise<Uint8Array> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PgliteRemote)) throw new Error('Only an embedded database can be dumped this way.');
  return client.dump();
}

/** How long one statement of the app may run on PostgreSQL before the server cancels it (STATEMENT_TIMEOUT). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * A pool on PostgreSQL. Every statement is cancelled after `statementTimeoutMs` (0: never, for bulk
 * loads and backups), and a connection left idle inside a transaction is closed after twice that.
 * With `connectTimeoutMs`, a server that does not accept a connection in that time fails the query;
 * with `asyncCommit`, a commit does not wait for the disk (for notes a crash may lose, never stock).
 */
export function openPostgres(
  connectionString: string,
  poolSize = 10,
  statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
  { connectTimeoutMs = 0, asyncCommit = false }: { connectTimeoutMs?: number; asyncCommit?: boolean } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  guardAgainstQueriesInsideTransactions(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    assertOutsideTransaction();
    return transaction((tx) => runMarkedAsTransaction(() => work(tx)), config);
  }) as Db['transaction'];
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, driver: 'postgres', url: connectionString, poolStats, close: () => pool.end() };
}

/**
 * Drizzle sends a statement outside any transaction through `pool.query`, and a transaction's through
 * the client it took from the pool: a `pool.query` from inside a transaction's work is the mistake of
 * querying `db` instead of `tx` (it would not see the transaction's writes), refused as on PGlite.
 */
function guardAgainstQueriesInsideTransactions(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    assertOutsideTransaction();
    return query(...args);
  }) as pg.Pool['query'];
}

/** PGlite has one connection: a long statement holds up every other query of the server. */
export function takesOneQueryAtATime(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PgliteRemote;
}
