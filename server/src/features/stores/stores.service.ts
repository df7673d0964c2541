import { STORE_IN_USE, type Store, type StoreCreateRequestSchema, type StoreUpdateRequest } from '@stockyard/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError, databaseErrorCode, FOREIGN_KEY_VIOLATION } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import type { AuthContext } from '../auth/tokens';
import { escapeLike } from '../users/users.repository';

const STORE_NOT_FOUND = 'Store not found';

type StoreRow = typeof stores.$inferSelect;

export function presentStore(row: StoreRow): Store {
  return {
    _id: row.id,
    name: row.name,
    storeName: row.name,
    location: row.location,
    openingHours: row.openingHours,
    isActive: row.isActive,
    status: row.isActive ? 'Active' : 'Inactive',
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Stores the caller may see (all for an admin), matching `q` on name or location, newest first. */
export async function findStores(
  db: DbOrTx,
  auth: AuthContext,
  options: { q?: string; limit?: number; offset: number },
): Promise<{ stores: Store[]; total: number }> {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : null;
  const visible = auth.role === 'admin' ? sql`true` : inArray(sql`s.id`, auth.stores);
  const rows = await queryRows<{
    id: string;
    name: string;
    location: string;
    opening_hours: string;
    is_active: boolean;
    created_at: string;
    total: number;
  }>(
    db,
    sql`select s.id, s.name, s.location, s.opening_hours, s.is_active, s.created_at, count(*) over ()::int as total
        from stores s
        where ${visible} and (${pattern}::text is null or s.name ilike ${pattern} or s.location ilike ${pattern})
        order by s.created_at desc, s.id
        limit ${options.limit ?? null} offset ${options.offset}`,
  );
  return {
    stores: rows.map((row) =>
      presentStore({
        id: row.id,
        name: row.name,
        location: row.location,
        openingHours: row.opening_hours,
        isActive: row.is_active,
        createdAt: new Date(row.created_at),
      }),
    ),
    total: rows[0]?.total ?? 0,
  };
}

export async function createStore(db: Db, actorId: string, input: z.output<typeof StoreCreateRequestSchema>): Promise<Store> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stores)
      .values({ name: input.name, location: input.location, openingHours: input.openingHours, isActive: input.status === 'Active' })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entityType: 'store',
      entityId: row.id,
      entityName: row.name,
      storeId: row.id,
      details: input,
    });
    return presentStore(row);
  });
}

export async function updateStore(db: Db, actorId: string, id: string, input: StoreUpdateRequest): Promise<Store> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(stores)
      .set({ name: input.name, location: input.location, isActive: input.isActive })
      .where(eq(stores.id, id))
      .returning();
    if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'store',
      entityId: id,
      entityName: row.name,
      storeId: id,
      details: input,
    });
    return presentStore(row);
  });
}

/**
 * Deletes a store that nothing refers to. The check and the delete are one statement, so a
 * user assigned at the same moment cannot slip in between; the foreign keys refuse the rest.
 */
export async function deleteStore(db: Db, actorId: string, id: string): Promise<void> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id));
  if (!store) throw new AppError('not_found', STORE_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [deleted] = await queryRows<{ id: string; name: string }>(
        tx,
        sql`delete from stores s where s.id = ${id}
              and not exists (select 1 from user_stores us where us.store_id = s.id)
            returning s.id, s.name`,
      );
      if (!deleted) throw new AppError('conflict', STORE_IN_USE);
      await recordAudit(tx, { actorId, action: 'delete', entityType: 'store', entityId: id, entityName: deleted.name });
    });
  } catch (error) {
    // A foreign key from materials, tools or movements: still in use.
    if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('conflict', STORE_IN_USE);
    throw error;
  }
}
