import type { Role } from '@stockyard/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { sessions } from './schema';
import { queryRows } from './sql';

export function insertSession(db: DbOrTx, session: { jti: string; userId: string; expiresAt: Date }) {
  return db.insert(sessions).values(session);
}

export type LiveSession = { user_id: string; role: Role; stores: string[] | null; expires_at: string | Date };

/** A session that is neither revoked nor expired, of a live user, with the user's role and stores in order. */
export async function findLiveSession(db: DbOrTx, jti: string): Promise<LiveSession | undefined> {
  const [row] = await queryRows<LiveSession>(
    db,
    sql`select u.id as user_id, u.role, s.expires_at,
          (select array_agg(us.store_id::text order by us.position, us.store_id) from user_stores us where us.user_id = u.id) as stores
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

export async function revokeSessionRowsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
}
