import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stores, userStores } from '../../db/schema';
import { containsPattern, queryRows, type RowOf } from '../../db/sql';
import type { StoreRecord } from './stores.presenter';

/** Stores among `storeIds` (every store when null) matching `q` on name or location, newest first. */
export async function findStoreRows(
  db: DbOrTx,
  query: { storeIds: string[] | null; q?: string; limit: number; offset: number },
): Promise<{ rows: StoreRecord[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    query.storeIds === null ? undefined : inArray(stores.id, query.storeIds),
    pattern ? or(ilike(stores.name, pattern), ilike(stores.location, pattern)) : undefined,
  );
  const rows = await db
    .select()
    .from(stores)
    .where(where)
    .orderBy(desc(stores.createdAt), stores.id)
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length < query.limit && (rows.length > 0 || query.offset === 0)) return { rows, total: query.offset + rows.length };
  const [counted] = await db.select({ n: count() }).from(stores).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Locks a store's row against movements until the transaction ends (FOR UPDATE conflicts with the
 * key-share lock every movement takes on its store) and returns it; undefined when there is none.
 */
export async function lockStoreRow(tx: DbOrTx, id: string): Promise<StoreRecord | undefined> {
  const [row] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
  return row;
}

/** Sets (or with null clears) the day a store's books are closed through and the first open instant in the time zone. */
export async function setStoreLock(tx: DbOrTx, id: string, lock: { throughDate: string; timeZone: string } | null): Promise<StoreRecord> {
  const [row] = await tx
    .update(stores)
    .set(
      lock
        ? { lockedThrough: lock.throughDate, lockedBefore: sql`((${lock.throughDate}::date + 1)::timestamp at time zone ${lock.timeZone})` }
        : { lockedThrough: null, lockedBefore: null },
    )
    .where(eq(stores.id, id))
    .returning();
  if (!row) throw new Error('the locked store row is gone');
  return row;
}

/** A store's name and status, its row key-share locked until the transaction ends (see assertStoreTakesStock). */
export async function findStoreStatusShared(tx: DbOrTx, id: string): Promise<{ name: string; is_active: boolean } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof stores>, 'name' | 'is_active'>>(
    tx,
    sql`select name, is_active from stores where id = ${id} for key share`,
  );
  return row;
}

export async function storeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
  return Boolean(row);
}

/** Ids of the stores with this name, compared without case (two at most: enough to tell "one" from "several"). */
export async function findStoreIdsByName(db: DbOrTx, name: string): Promise<string[]> {
  const rows = await queryRows<Pick<RowOf<typeof stores>, 'id'>>(db, sql`select id from stores where lower(name) = lower(${name}) limit 2`);
  return rows.map((row) => row.id);
}

export async function insertStore(db: DbOrTx, values: typeof stores.$inferInsert): Promise<StoreRecord> {
  const [row] = await db.insert(stores).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateStoreRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof stores.$inferInsert>,
): Promise<StoreRecord | undefined> {
  const [row] = await db.update(stores).set(values).where(eq(stores.id, id)).returning();
  return row;
}

/**
 * Deletes a store no user is assigned to, in one statement, so a user assigned at the same moment
 * cannot slip in between; the foreign keys of materials, tools and movements refuse the rest.
 */
export async function deleteUnassignedStore(db: DbOrTx, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof stores>, 'id' | 'name'>>(
    db,
    sql`delete from stores s where s.id = ${id}
          and not exists (select 1 from ${userStores} us where us.store_id = s.id)
        returning s.id, s.name`,
  );
  return row;
}

export async function findStoreName(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, id));
  return row?.name;
}
