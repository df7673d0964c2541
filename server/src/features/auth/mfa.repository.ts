import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mfaRecoveryCodes, userMfa } from '../../db/schema';
import { queryRows, type RowOf } from '../../db/sql';

export async function findMfa(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row;
}

/** Keeps a new secret until a code confirms it (a confirmed one stays in force until then). */
export async function savePendingSecret(db: DbOrTx, userId: string, secret: string): Promise<void> {
  await db
    .insert(userMfa)
    .values({ userId, pendingSecret: secret })
    .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret: secret } });
}

/** Makes the pending secret the account's, and its ten recovery codes the only ones. */
export async function confirmSecret(db: DbOrTx, userId: string, timeStep: number, codeHashes: string[]): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof userMfa>, 'user_id'>>(
    db,
    sql`update user_mfa set secret = pending_secret, pending_secret = null, enabled_at = now(), last_time_step = ${timeStep}
        where user_id = ${userId} and pending_secret is not null returning user_id`,
  );
  if (rows.length === 0) return false;
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Accepts a code's time step only when it is later than the last one accepted: one statement, so a code counts once. */
export async function takeTimeStep(db: DbOrTx, userId: string, timeStep: number): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof userMfa>, 'user_id'>>(
    db,
    sql`update user_mfa set last_time_step = ${timeStep}
        where user_id = ${userId} and secret is not null and coalesce(last_time_step, -1) < ${timeStep} returning user_id`,
  );
  return rows.length > 0;
}

export async function findUnusedRecoveryHashes(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return rows.map((row) => row.codeHash);
}

/** Uses up a recovery code: true once, for the first request that names it. */
export async function takeRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ userId: mfaRecoveryCodes.userId });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mfa_recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return row?.n ?? 0;
}
