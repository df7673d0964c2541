import type { ApiTokenScope } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { apiTokens } from '../../db/schema';
import { queryRows, type RowOf } from '../../db/sql';

export type ApiTokenRow = Pick<RowOf<typeof apiTokens>, 'id' | 'name' | 'scope' | 'created_at' | 'last_used_at' | 'expires_at'>;

/** Locks the person's row, so their token count cannot change until this transaction ends. */
export async function lockTokenOwner(tx: DbOrTx, userId: string): Promise<void> {
  await queryRows(tx, sql`select id from users where id = ${userId} for update`);
}

/** Ends a person's tokens that expired: revoked when they expired, so their names are free again. */
export async function retireExpiredTokens(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(
    sql`update api_tokens set revoked_at = expires_at where user_id = ${userId} and revoked_at is null and expires_at <= now()`,
  );
}

export async function countLiveTokens(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from api_tokens where user_id = ${userId} and revoked_at is null`,
  );
  return row?.count ?? 0;
}

export async function hasLiveTokenNamed(tx: DbOrTx, userId: string, name: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from api_tokens where user_id = ${userId} and lower(name) = lower(${name}) and revoked_at is null`,
  );
  return rows.length > 0;
}

export async function insertApiToken(
  tx: DbOrTx,
  token: { userId: string; name: string; scope: ApiTokenScope; tokenHash: string; days: number },
): Promise<ApiTokenRow> {
  const [row] = await queryRows<ApiTokenRow>(
    tx,
    sql`insert into api_tokens (user_id, name, scope, token_hash, expires_at)
        values (${token.userId}, ${token.name}, ${token.scope}, ${token.tokenHash}, now() + make_interval(days => ${token.days}))
        returning id, name, scope, created_at, last_used_at, expires_at`,
  );
  if (!row) throw new Error('The token was not written');
  return row;
}

/** A person's live tokens, newest first. */
export function findLiveTokens(db: DbOrTx, userId: string): Promise<ApiTokenRow[]> {
  return queryRows<ApiTokenRow>(
    db,
    sql`select id, name, scope, created_at, last_used_at, expires_at from api_tokens
        where user_id = ${userId} and revoked_at is null and expires_at > now()
        order by created_at desc, id`,
  );
}

/** Revokes one of a person's live tokens; answers its name, or nothing when there was none. */
export async function revokeApiTokenRow(tx: DbOrTx, userId: string, id: string): Promise<{ name: string } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof apiTokens>, 'name'>>(
    tx,
    sql`update api_tokens set revoked_at = now() where id = ${id} and user_id = ${userId} and revoked_at is null returning name`,
  );
  return row;
}
