import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stores, userStores, users } from '../../db/schema';
import { containsPattern, queryRows } from '../../db/sql';
import type { UserRow } from './users.presenter';

const storesOfUser = sql`(select json_agg(json_build_object('_id', s.id, 'name', s.name) order by us.position, s.id)
  from user_stores us join stores s on s.id = us.store_id where us.user_id = u.id)`;

/** Live users matching `q` on name, email or role, newest first, with the total before paging. */
export async function findUserRows(
  db: DbOrTx,
  options: { q?: string; limit?: number; offset: number; ids?: string[] },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.q ? containsPattern(options.q) : null;
  const filter = sql`u.deleted_at is null
    and (${pattern}::text is null or u.name ilike ${pattern} or u.email ilike ${pattern} or u.role ilike ${pattern})
    ${options.ids ? sql`and ${inArray(sql`u.id`, options.ids)}` : sql``}`;
  const rows = await queryRows<UserRow & { total: number }>(
    db,
    sql`select u.id, u.name, u.email, u.role, u.created_at, ${storesOfUser} as stores, count(*) over ()::int as total
        from users u where ${filter}
        order by u.created_at desc, u.id
        limit ${options.limit ?? null} offset ${options.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** How many of these store ids exist. */
export async function countStores(db: DbOrTx, ids: string[]): Promise<number> {
  const found = await db.select({ id: stores.id }).from(stores).where(inArray(stores.id, ids));
  return found.length;
}

/** Inserts a user and their stores in assignment order (the first is a keeper's active store). */
export async function insertUser(
  db: DbOrTx,
  values: { name: string; email: string; passwordHash: string; role: string; stores: string[] },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ name: values.name, email: values.email, passwordHash: values.passwordHash, role: values.role })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no row');
  await db.insert(userStores).values(values.stores.map((storeId, position) => ({ userId: user.id, storeId, position })));
  return user.id;
}

/** Changes a live user's row; the changed user, or undefined when there is none. */
export async function updateLiveUser(db: DbOrTx, id: string, values: { deletedAt?: Date; passwordHash?: string }) {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id, name: users.name, email: users.email });
  return row;
}

/** A user's name, also of one deleted since (a report says who made it). */
export async function findUserName(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name;
}

/** Whether any live admin exists. */
export async function hasLiveAdmin(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** Inserts the first admin; false when the email is already taken (another process got there first). */
export async function insertFirstAdmin(db: DbOrTx, values: { email: string; passwordHash: string }): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({ name: 'Administrator', email: values.email, passwordHash: values.passwordHash, role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}
