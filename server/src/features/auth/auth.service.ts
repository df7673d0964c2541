import { CURRENT_PASSWORD_WRONG, LOGIN_INVALID, type LoginRequest, type LoginResponse, type Role } from '@stockyard/contract';
import type { Db } from '../../db/client';
import { type AuthContext, issueToken, revokeSession, revokeUserSessions, type TokenSettings } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { assertUncommonPassword, hashForMissingAccount, hashPassword, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { findEmailOfUser, findPasswordHash, findStoreIdsOfUser, findUserByEmail, setPasswordHash } from './auth.repository';
import { admitSignInAttempt, settleSuccessfulSignIn } from './login-limiter';

/** Signs a user in; any failure answers the same message after the same work. */
export async function login(
  db: Db,
  tokens: TokenSettings,
  input: LoginRequest,
  ip: string,
  log: { warn: (message: string) => void },
): Promise<LoginResponse> {
  const email = input.email.toLowerCase();
  await admitSignInAttempt(db, ip, email, log);
  const user = await findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash ?? (await hashForMissingAccount()), input.password);
  if (!user || !isValid) {
    throw new AppError('unauthenticated', LOGIN_INVALID);
  }
  await settleSuccessfulSignIn(db, ip, email);
  const role = user.role as Role;
  const token = await issueToken(db, tokens, { id: user.id, role, stores: await findStoreIdsOfUser(db, user.id) });
  return { token, role };
}

export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await revokeSession(db, auth.jti);
}

/**
 * Replaces the caller's password once their current one is proved, ends every session of theirs and
 * opens a fresh one for this device. The proof is counted like a sign-in, so a stolen token cannot
 * guess it at leisure.
 */
export async function changeOwnPassword(
  db: Db,
  tokens: TokenSettings,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
  client: { ip: string; log: { warn: (message: string) => void } },
): Promise<string> {
  const { currentPassword, newPassword } = input;
  const email = (await findEmailOfUser(db, auth.userId)) ?? '';
  await admitSignInAttempt(db, client.ip, email, client.log);
  if (!(await verifyPassword((await findPasswordHash(db, auth.userId)) ?? (await hashForMissingAccount()), currentPassword))) {
    throw new AppError('bad_request', CURRENT_PASSWORD_WRONG);
  }
  await settleSuccessfulSignIn(db, client.ip, email);
  assertUncommonPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const user = await setPasswordHash(tx, auth.userId, passwordHash);
    await revokeUserSessions(tx, auth.userId);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'user',
      entityId: auth.userId,
      entityName: user?.name ?? '',
      details: { password: 'changed' },
    });
    return issueToken(tx, tokens, { id: auth.userId, role: auth.role, stores: auth.stores });
  });
}
