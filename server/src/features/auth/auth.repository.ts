import type { Language } from '@stockyard/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInAttempts, userStores, users } from '../../db/schema';

/** The live account with this email (compared without case), with what sign-in needs. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role, passwordHash: users.passwordHash, oidcSignedInAt: users.oidcSignedInAt })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
  return user;
}

/** The language a user chose, or null. */
export async function findUserLanguage(db: DbOrTx, userId: string): Promise<Language | null> {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return (user?.language as Language | null | undefined) ?? null;
}

export async function updateUserLanguage(db: DbOrTx, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
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

/** A live user's email and password hash, what proving their password needs. */
export async function findCredentialsOfUser(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ email: users.email, name: users.name, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<{ name: string } | undefined> {
  const [user] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ name: users.name });
  return user;
}

/**
 * Counts one attempt under each key in one statement and returns each key's count in its window:
 * the upsert takes each key's row lock, so simultaneous attempts are counted one after another and
 * none can see a count from before another. A window older than `windowMinutes` starts again at 1.
 */
export async function countSignInAttempt(
  db: DbOrTx,
  keys: string[],
  windowMinutes: number,
): Promise<Map<string, { attempts: number; secondsLeft: number }>> {
  const sorted = [...keys].sort(); // one lock order for every attempt
  const expired = sql`${signInAttempts.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(signInAttempts)
    .values(sorted.map((key) => ({ key, attempts: 1 })))
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${signInAttempts.windowStartedAt} end`,
      },
    })
    .returning({
      key: signInAttempts.key,
      attempts: signInAttempts.attempts,
      secondsLeft: sql<number>`extract(epoch from ${signInAttempts.windowStartedAt} + make_interval(mins => ${windowMinutes}) - now())::float8`,
    });
  return new Map(rows.map((row) => [row.key, { attempts: row.attempts, secondsLeft: Number(row.secondsLeft) }]));
}

/** Whether a key has attempts counted in its current window. */
export async function hasSignInAttempts(db: DbOrTx, key: string, windowMinutes: number): Promise<boolean> {
  const [row] = await db
    .select({ key: signInAttempts.key })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.key, key), sql`${signInAttempts.windowStartedAt} > now() - make_interval(mins => ${windowMinutes})`));
  return row !== undefined;
}

/** Forgets these keys' counts. */
export async function forgetSignInAttempts(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(signInAttempts).where(inArray(signInAttempts.key, keys));
}

/** Takes one attempt back from each of these keys' counts (a sign-in that succeeded is no failure). */
export async function uncountSignInAttempt(db: DbOrTx, keys: string[]): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
    .where(inArray(signInAttempts.key, keys));
}
