import {
  API_TOKEN_NAME_TAKEN,
  API_TOKEN_NOT_FOUND,
  API_TOKEN_REVOKED,
  API_TOKENS_FULL,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreateRequestSchema,
  type ApiTokenCreateResponse,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { storeAnswer } from '../../db/idempotency-keys';
import { forgetCheckedSessions, newApiTokenSecret } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, readStoredAnswer, runIdempotent } from '../../lib/idempotency';
import type { SignInClient } from '../../lib/request-key';
import { sealedUnderKey } from '../../lib/sealed-answer';
import { runTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { refusalOfAccountProof } from '../auth/auth.service';
import { presentToken } from './tokens.presenter';
import {
  countLiveTokens,
  findLiveTokens,
  hasLiveTokenNamed,
  insertApiToken,
  lockTokenOwner,
  retireExpiredTokens,
  revokeApiTokenRow,
} from './tokens.repository';

/**
 * A new token for the caller; the answer is the only place its secret ever appears. The owner's lock
 * comes first, so a repeat under the same Idempotency-Key waits for the first and has its answer again
 * from the sealed copy (lib/sealed-answer.ts), and every proof of who asks runs one at a time. A wrong
 * password or code is counted and the count kept: it is refused after the transaction commits.
 */
export async function createApiToken(
  db: Db,
  userId: string,
  input: z.output<typeof ApiTokenCreateRequestSchema>,
  client: SignInClient,
  requestKey?: RequestKey,
): Promise<ApiTokenCreateResponse> {
  const sealed = requestKey ? sealedUnderKey<ApiTokenCreateResponse>(requestKey) : undefined;
  const outcome = await runTransaction(db, async (tx) => {
    await lockTokenOwner(tx, userId);
    const stored = sealed && (await readStoredAnswer(tx, userId, sealed.requestKey.key, sealed.requestKey.fingerprint));
    if (stored) return sealed.sealing.open(stored.response);
    const refusal = (await refusalOfAccountProof(tx, userId, input, client)) ?? (await refusalOfNewToken(tx, userId, input.name));
    if (refusal) return refusal;
    const made = await makeToken(tx, userId, input);
    // Under the owner's lock no other request can hold this key.
    if (sealed) await storeAnswer(tx, { ...sealed.requestKey, status: 201, body: sealed.sealing.seal(made) });
    return made;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** Why the person cannot have another token now: too many live ones, or one by that name. */
async function refusalOfNewToken(tx: Tx, userId: string, name: string): Promise<AppError | undefined> {
  await retireExpiredTokens(tx, userId);
  if ((await countLiveTokens(tx, userId)) >= API_TOKENS_MAX) return new AppError('conflict', API_TOKENS_FULL);
  if (await hasLiveTokenNamed(tx, userId, name)) return new AppError('conflict', API_TOKEN_NAME_TAKEN);
  return undefined;
}

async function makeToken(tx: Tx, userId: string, input: z.output<typeof ApiTokenCreateRequestSchema>): Promise<ApiTokenCreateResponse> {
  const { token, hash } = newApiTokenSecret();
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
