import { createHash } from 'node:crypto';
import type { Table } from 'drizzle-orm';
import { is, type SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { todayIn } from '../lib/calendar';
import type { Db, DbOrTx } from './client';
import { PgliteRemote } from './pglite-remote';
import { type ItemCounter, MOVEMENT_EFFECTS, MOVEMENT_KINDS, type MovementKind } from './schema';
import { statementText } from './statement-text';

/**
 * A row of `table` as raw SQL returns it: keyed by column name (`store_id`), typed from the schema.
 * Timestamps arrive as Date on one driver and text on the other when cast, so they stay `string | Date`;
 * quantities (numeric) arrive as text on both, read with `quantityOf`.
 */
export type RowOf<T extends Table> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: ColumnValue<T['_']['columns'][K]['_']>;
};
type ColumnValue<C extends { data: unknown; notNull: boolean; columnType: string }> =
  | (C['data'] extends Date ? string | Date : IsQuantity<C> extends true ? string : C['data'])
  | (C['notNull'] extends true ? never : null);

/** A quantity column (schema/quantity.ts): the only custom column read as a number. */
type IsQuantity<C extends { data: unknown; columnType: string }> = C['columnType'] extends 'PgCustomColumn'
  ? C['data'] extends number
    ? true
    : false
  : false;

/** `column in (values)`; false for no values. */
function isIn(column: SQL, values: SQL[]): SQL {
  return values.length === 0 ? sql`false` : sql`${column} in (${sql.join(values, sql`, `)})`;
}

/** `column in (ids)`, each id cast to uuid; false for no ids. */
export function uuidIn(column: SQL, ids: string[]): SQL {
  return isIn(
    column,
    ids.map((id) => sql`${id}::uuid`),
  );
}

/** Runs raw SQL and returns its rows, the same shape on both drivers. */
export async function queryRows<T>(db: DbOrTx, query: Parameters<Db['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * queryRows for a statement sent many times with other values (the ledger's): outside a transaction it
 * is a named prepared statement, parsed once (per connection on PostgreSQL) and planned once it has a
 * steady plan, instead of parsed and planned on every call (twice the movements a second on
 * PostgreSQL here). On PostgreSQL the name is the text's hash, so each shape of the statement has its
 * own; PGlite's thread names them itself. When another process adds a column to a table the statement
 * returns, its prepared plans go stale: the call is answered unnamed and later calls prepare it afresh.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session?: unknown; dialect: PgDialect };
  const client = (session as { client?: unknown } | undefined)?.client;
  // In a transaction a failed statement would abort it: there the statement is sent unnamed.
  const postgres = is(session, NodePgSession) && client instanceof pg.Pool ? session : undefined;
  if (!postgres && !(client instanceof PgliteRemote)) return queryRows<T>(db, query);
  const built = statementText(query, dialect);
  try {
    if (!postgres) return (await (client as PgliteRemote).queryPrepared(built.sql, built.params)).rows as T[];
    const name = `s${planEpoch}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    const result = (await postgres.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
    return result.rows;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause.code !== STALE_PLAN) throw error;
    planEpoch += 1;
    return queryRows<T>(db, query);
  }
}

/** feature_not_supported: "cached plan must not change result type". */
const STALE_PLAN = '0A000';
/** Bumped when prepared plans went stale, so that every name is prepared afresh. */
let planEpoch = 0;

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
  // An unfiltered page is one plan whatever the store: prepared, it is neither parsed nor planned again.
  // A search is planned for each pattern, as a plan made for no pattern in particular may scan the store.
  const send = query.isCountALookup ? queryRowsPrepared : queryRows;
  const rows = await send<T & { page_total: number | null }>(db, query.rows(withTotal ? sql`(${query.count})` : sql`null::int`));
  const offset = query.offset ?? 0;
  if (withTotal && rows[0]) return { rows, total: rows[0].page_total ?? 0 };
  if (!isPaged || (rows.length < (query.limit as number) && offset === 0)) return { rows, total: rows.length + offset };
  const [counted] = await queryRows<{ n: number }>(db, query.count);
  return { rows, total: counted?.n ?? 0 };
}

/** `column in (the caller's stores)`; every store when `storeIds` is null. */
export function storeFilter(storeIds: string[] | null, column: SQL = sql`store_id`): SQL {
  return storeIds === null ? sql`true` : uuidIn(column, storeIds);
}

/** Escapes the wildcards of LIKE so a search for "50%" means the text "50%". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%` for an ILIKE search of `text`, its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The number of live materials or tools in the caller's stores (and in `storeId` when given), read
 * from the trigger-kept `item_counts` rather than counted: an unfiltered list's total.
 */
export function liveItemCount(kind: 'material' | 'tool', storeIds: string[] | null, storeId?: string): SQL {
  return sql`select coalesce(sum(c.live), 0)::int as n from item_counts c
             where c.item_kind = ${kind} and ${storeFilter(storeIds, sql`c.store_id`)}
             ${storeId ? sql`and c.store_id = ${storeId}` : sql``}`;
}

/** `column in (kinds)` for a column of movement kinds. */
export function kindIn(column: SQL, kinds: readonly MovementKind[]): SQL {
  return isIn(
    column,
    kinds.map((kind) => sql`${kind}`),
  );
}

/** A movement row's effect on `counter`: its quantity times the kind's per-unit effect (MOVEMENT_EFFECTS). */
export function counterEffect(counter: ItemCounter, table?: string): SQL {
  const column = (name: string) => sql.raw(table ? `${table}.${name}` : name);
  const cases = MOVEMENT_KINDS.filter((kind) => MOVEMENT_EFFECTS[kind][counter] !== undefined).map(
    (kind) => sql`when ${kind} then ${sql.raw(String(MOVEMENT_EFFECTS[kind][counter]))}`,
  );
  return sql`(${column('quantity')} * case ${column('kind')} ${sql.join(cases, sql` `)} else 0 end)`;
}

/** A material's other units as a JSON array of {name, factor (text)}, smallest first; [] when it has none. */
export function unitsOf(materialId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('name', u.name, 'factor', u.factor::text) order by u.factor, u.name), '[]'::json)
              from material_units u where u.material_id = ${materialId})`;
}

/** A material's other unit as a row reads it. */
export type UnitRow = { name: string; factor: string };

export type ItemPageQuery = { storeIds: string[] | null; storeId?: string; ids?: string[]; limit?: number; offset?: number };

/**
 * A page of live materials or tools (alias `i`, their store `s`) in the caller's stores, newest first,
 * each with its store's name, and the total: looked up in item_counts unless `filters` or ids narrow it.
 */
export function queryItemPage<R>(db: DbOrTx, kind: 'material' | 'tool', query: ItemPageQuery, filters: SQL[] = []) {
  const table = sql.identifier(kind === 'material' ? 'materials' : 'tools');
  const conditions: SQL[] = [sql`i.deleted_at is null`, storeFilter(query.storeIds, sql`i.store_id`), ...filters];
  if (query.storeId) conditions.push(sql`i.store_id = ${query.storeId}`);
  if (query.ids) conditions.push(uuidIn(sql`i.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const isFiltered = filters.length > 0 || query.ids !== undefined;
  return queryPage<R>(db, {
    rows: (pageTotal) => sql`select i.*, s.name as store_name, ${pageTotal} as page_total${
      kind === 'material' ? sql`, ${unitsOf(sql`i.id`)} as units` : sql``
    }
              from ${table} i join stores s on s.id = i.store_id
              where ${where}
              order by i.created_at desc nulls last, i.id
              limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
    count: isFiltered
      ? sql`select count(*)::int as n from ${table} i join stores s on s.id = i.store_id where ${where}`
      : liveItemCount(kind, query.storeIds, query.storeId),
    isCountALookup: !isFiltered,
    limit: query.limit,
    offset: query.offset,
  });
}

/**
 * The business time of something that happened on a calendar day: now for today, midday of that
 * day in the time zone for an earlier day (so it falls inside that day for any report).
 */
export function occurredOn(day: string, timeZone: string): SQL {
  if (day === todayIn(timeZone)) return sql`now()`;
  return sql`((${day}::date + time '12:00') at time zone ${timeZone})`;
}

/** The stores of user `u`, in the order they were given, as text ids (null when they have none). */
export const storeIdsOfUser = sql`(select array_agg(us.store_id::text order by us.position, us.store_id) from user_stores us where us.user_id = u.id)`;

/**
 * A statement's first part that marks a credential (a session or an API token) used, at most once a
 * minute: a statement in WITH runs whether or not the query reads it, so checking it and marking it
 * are one round trip.
 */
export function markedUsed(table: 'sessions' | 'api_tokens', found: SQL): SQL {
  return sql`with touched as (
          update ${sql.raw(table)} set last_used_at = now()
          where ${found} and revoked_at is null and (last_used_at is null or last_used_at < now() - interval '1 minute')
        )`;
}

/** An instant given as ISO 8601 text (a phone's capture time), as a statement's time value. */
export function instantAt(instant: string): SQL {
  return sql`${instant}::timestamptz`;
}

/** Whether the database answers a trivial statement. */
export async function isDatabaseReachable(db: DbOrTx): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** What an item's starting quantity is worth at its cost per unit: the same sum on the item's row and its opening line. */
export function openingValue(quantity: number, unitCost: SQL): SQL {
  return sql`round(${quantity}::numeric * ${unitCost}, 2)`;
}

/** What a job holds of an item, as a scalar subquery: issued to it less returned from it (reversals carry the opposite quantity). */
export function heldByJob(itemId: string, jobId: string): SQL {
  return sql`(select coalesce(sum(case when m.kind = 'issue' then m.quantity else -m.quantity end), 0)
              from movements m where m.item_id = ${itemId} and m.job_id = ${jobId} and m.kind in ('issue', 'return'))`;
}

/** A plan holds a unit back on `today` when it is due by then, out of check-outs, or failed. */
export function heldBackBy(plan: string, today: string) {
  const p = sql.raw(plan);
  return sql`(coalesce(${p}.due_on <= ${today}::date, false) or coalesce(${p}.uses_left <= 0, false) or coalesce(${p}.last_result = 'failed', false))`;
}
