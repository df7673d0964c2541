import type { ApiTokenScope, Role } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { markedUsed, queryRows, storeIdsOfUser } from './sql';

export type LiveApiToken = {
  id: string;
  user_id: string;
  role: Role;
  scope: ApiTokenScope;
  stores: string[] | null;
  expires_at: string | Date;
};

/** A token neither revoked nor expired, of a live user, by the SHA-256 of its secret, with the user's role and stores in order. */
export async function findLiveApiToken(db: DbOrTx, tokenHash: string): Promise<LiveApiToken | undefined> {
  const [row] = await queryRows<LiveApiToken>(
    db,
    sql`${markedUsed('api_tokens', sql`token_hash = ${tokenHash}`)}
        select t.id, u.id as user_id, u.role, t.scope, t.expires_at,
          ${storeIdsOfUser} as stores
        from api_tokens t join users u on u.id = t.user_id
        where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now() and u.deleted_at is null`,
  );
  return row;
}

/** Revokes every live API token of a user (a password change, signing out everywhere, a deleted user). */
export async function revokeApiTokensOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`update api_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`);
}
