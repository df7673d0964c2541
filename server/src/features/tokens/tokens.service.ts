import {
  API_TOKEN_NAME_TAKEN,
  API_TOKEN_NOT_FOUND,
  API_TOKEN_REVOKED,
  API_TOKENS_FULL,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreateRequestSchema,
  type ApiTokenCreateResponse,
  MFA_CODE_REQUIRED,
  MFA_CODE_WRONG,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { forgetCheckedSessions, newApiTokenSecret } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import type { SignInClient } from '../../lib/request-key';
import { recordAudit } from '../audit/audit.service';
import { hasSecondFactor, proveCurrentPassword, proveSecondFactor } from '../auth/auth.service';
import { presentToken } from './tokens.presenter';
import {
  countLiveTokens,
  findLiveTokens,
  insertApiToken,
  lockTokenOwner,
  retireExpiredTokens,
  revokeApiTokenRow,
} from './tokens.repository';

/** A new token for the caller; the answer is the only place its secret ever appears. */
export async function createApiToken(
  db: Db,
  userId: string,
  input: z.output<typeof ApiTokenCreateRequestSchema>,
  client: SignInClient,
): Promise<ApiTokenCreateResponse> {
  await proveWhoTheyAre(db, userId, input, client);
  const { token, hash } = newApiTokenSecret();
  try {
    return await db.transaction(async (tx) => {
      await lockTokenOwner(tx, userId);
      await retireExpiredTokens(tx, userId);
      if ((await countLiveTokens(tx, userId)) >= API_TOKENS_MAX) throw new AppError('conflict', API_TOKENS_FULL);
      const row = await insertApiToken(tx, { userId, name: input.name, scope: input.scope, tokenHash: hash, days: input.expiresInDays });
      await recordAudit(tx, {
        actorId: userId,
        action: 'create',
        entityType: 'api_token',
        entityId: row.id,
        entityName: row.name,
        details: { scope: row.scope, expiresAt: new Date(row.expires_at).toISOString() },
      });
      return { ...presentToken(row), token };
    });
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', API_TOKEN_NAME_TAKEN);
    throw error;
  }
}

/** The password again, and the second factor's code when it is on: a token is a key to the account. */
async function proveWhoTheyAre(db: Db, userId: string, input: { currentPassword: string; code?: string }, client: SignInClient) {
  await proveCurrentPassword(db, userId, input.currentPassword, client);
  if (!(await hasSecondFactor(db, userId))) return;
  if (!input.code) throw new AppError('bad_request', MFA_CODE_REQUIRED);
  if (!(await proveSecondFactor(db, userId, input.code))) throw new AppError('bad_request', MFA_CODE_WRONG);
}

export async function listApiTokens(db: DbOrTx, userId: string): Promise<ApiToken[]> {
  return (await findLiveTokens(db, userId)).map(presentToken);
}

/** Revokes one of the caller's tokens: its next request is refused, in this process and every other. */
export async function revokeApiToken(db: Db, userId: string, id: string, requestKey?: RequestKey) {
  const answer = await runIdempotent(db, requestKey, async (tx) => {
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
    return { status: 200 as const, body: { message: API_TOKEN_REVOKED } };
  });
  forgetCheckedSessions();
  return answer;
}
