import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userStores, users } from '../../db/schema';

/** The live account with this email (compared without case), with what sign-in needs. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
  return user;
}

/** A user's store ids in assignment order; the first is a keeper's active store. */
export async function findStoreIdsOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storeId: userStores.storeId })
    .from(userStores)
    .where(eq(userStores.userId, userId))
    .orderBy(asc(userStores.position), asc(userStores.storeId));
  return rows.map((row) => row.storeId);
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<{ name: string } | undefined> {
  const [user] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ name: users.name });
  return user;
}
