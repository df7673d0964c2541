import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteRemote } from './pglite-remote';
import * as schema from './schema';

export { inBackground } from './pglite-remote';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL connection string; unset for PGlite. */
  url?: string;
  close(): Promise<void>;
};

/**
 * pg hands int8 (count(*), bigint sums) back as strings, PGlite as numbers. Parsing int8 as a JS
 * number here is the one place the two drivers are made to agree (Drizzle's own per-query parsers
 * fall back to these); every quantity this application stores fits far inside 2^53.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Opens PGlite in memory (no dir) or on a data folder, in a thread of its own. */
export async function openPglite(dir?: string): Promise<Database> {
  const client = await PgliteRemote.open(dir);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, driver: 'postgres', url: connectionString, close: () => pool.end() };
}

/** PGlite has one connection: a long statement holds up every other query of the server. */
export function takesOneQueryAtATime(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PgliteRemote;
}

/** `column in (ids)`, each id cast to uuid; false for no ids. */
export function uuidIn(column: SQL, ids: string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** Runs raw SQL and returns its rows, the same shape on both drivers. */
export async function queryRows<T>(db: DbOrTx, query: Parameters<Db['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type PageQuery = {
  /** The page's statement, given an expression to select as its `page_total` column. */
  rows: (total: SQL) => SQL;
  /** A statement whose one row's `n` is the number of rows without limit and offset. */
  count: SQL;
  /** The count only looks a number up (no scan of the rows): it is read in the page's own statement. */
  isCountALookup?: boolean;
  limit?: number;
  offset?: number;
};

/**
 * One page of rows and the total they were cut from. A total that must be counted is counted in a
 * query of its own, and only when a page was asked for and more rows may exist, so a page never sorts
 * the whole table; a total that is looked up comes back with the page, in one round trip.
 */
export async function queryPage<T>(db: DbOrTx, query: PageQuery): Promise<{ rows: T[]; total: number }> {
  const isPaged = query.limit !== undefined;
  const withTotal = isPaged && query.isCountALookup === true;
  const rows = await queryRows<T & { page_total: number | null }>(db, query.rows(withTotal ? sql`(${query.count})` : sql`null::int`));
  const offset = query.offset ?? 0;
  if (withTotal && rows[0]) return { rows, total: rows[0].page_total ?? 0 };
  if (!isPaged || (rows.length < (query.limit as number) && offset === 0)) return { rows, total: rows.length + offset };
  const [counted] = await queryRows<{ n: number }>(db, query.count);
  return { rows, total: counted?.n ?? 0 };
}
