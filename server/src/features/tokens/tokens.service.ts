import {
  API_TOKEN_NAME_TAKEN,
  API_TOKEN_NOT_FOUND,
  API_TOKEN_REVOKED,
  API_TOKENS_FULL,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreateResponse,
  type ApiTokenScope,
} from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { forgetCheckedSessions, newApiTokenSecret } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { presentToken } from './tokens.presenter';
import { countLiveTokens, findLiveTokens, insertApiToken, lockTokenOwner, revokeApiTokenRow } from './tokens.repository';

/** A new token for the caller; the answer is the only place its secret ever appears. */
export async function createApiToken(
  db: Db,
  userId: string,
  input: { name: string; scope: ApiTokenScope },
): Promise<ApiTokenCreateResponse> {
  const { token, hash } = newApiTokenSecret();
  try {
    return await db.transaction(async (tx) => {
      await lockTokenOwner(tx, userId);
      if ((await countLiveTokens(tx, userId)) >= API_TOKENS_MAX) throw new AppError('conflict', API_TOKENS_FULL);
      const row = await insertApiToken(tx, { userId, name: input.name, scope: input.scope, tokenHash: hash });
      await recordAudit(tx, {
        actorId: userId,
        action: 'create',
        entityType: 'api_token',
        entityId: row.id,
        entityName: row.name,
        details: { scope: row.scope },
      });
      return { ...presentToken(row), token };
    });
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', API_TOKEN_NAME_TAKEN);
    throw error;
  }
}

export async function listApiTokens(db: DbOrTx, userId: string): Promise<ApiToken[]> {
  return (await findLiveTokens(db, userId)).map(presentToken);
}

/** Revokes one of the caller's tokens: its next request is refused, in this process and every other. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const revoked = await revokeApiTokenRow(tx, userId, id);
    if (!revoked) throw new AppError('not_found', API_TOKEN_NOT_FOUND);
    await recordAudit(tx, {
      actorId: userId,
      action: 'delete',
      entityType: 'api_token',
      entityId: id,
      entityName: revoked.name,
      details: {},
    });
  });
  forgetCheckedSessions();
  return { message: API_TOKEN_REVOKED };
}
