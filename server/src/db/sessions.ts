import type { Role } from '@stockyard/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { sessions } from './schema';
import { markedUsed, queryRows, storeIdsOfUser } from './sql';

export function insertSession(
  db: DbOrTx,
  session: { jti: string; userId: string; expiresAt: Date; userAgent?: string | null; address?: string | null },
) {
  return db.insert(sessions).values(session);
}

export type LiveSession = { user_id: string; role: Role; stores: string[] | null; expires_at: string | Date };

/** A session that is neither revoked nor expired, of a live user, with the user's role and stores in order. */
export async function findLiveSession(db: DbOrTx, jti: string): Promise<LiveSession | undefined> {
  // Marked used at most once a minute: a checked session is kept in memory that long.
  const [row] = await queryRows<LiveSession>(
    db,
    sql`${markedUsed('sessions', sql`jti = ${jti}`)}
        select u.id as user_id, u.role, s.expires_at,
          ${storeIdsOfUser} as stores
        from sessions s join users u on u.id = s.user_id
        where s.jti = ${jti} and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`,
  );
  return row;
}

export async function revokeSessionRow(db: DbOrTx, jti: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
}

export type SessionRow = {
  jti: string;
  created_at: string | Date;
  last_used_at: string | Date | null;
  user_agent: string | null;
  address: string | null;
};

/** A user's sessions that are neither revoked nor expired, the most recently used first. */
export function findLiveSessionsOfUser(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return queryRows<SessionRow>(
    db,
    sql`select jti, created_at, last_used_at, user_agent, address from sessions
        where user_id = ${userId} and revoked_at is null and expires_at > now()
        order by coalesce(last_used_at, created_at) desc, jti`,
  );
}

/** Revokes a user's live sessions, all of them or one, or all but one; answers how many. */
export async function revokeLiveSessionsOfUser(db: DbOrTx, userId: string, which: { only?: string; except?: string }): Promise<number> {
  const rows = await queryRows<{ jti: string }>(
    db,
    sql`update sessions set revoked_at = now()
        where user_id = ${userId} and revoked_at is null and expires_at > now()
          ${which.only ? sql`and jti = ${which.only}` : sql``}
          ${which.except ? sql`and jti <> ${which.except}` : sql``}
        returning jti`,
  );
  return rows.length;
}
