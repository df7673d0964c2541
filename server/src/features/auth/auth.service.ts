import { CURRENT_PASSWORD_WRONG, LOGIN_INVALID, type LoginRequest, type LoginResponse, type Role } from '@stockyard/contract';
import type { Db } from '../../db/client';
import { type AuthContext, issueToken, revokeSession, revokeUserSessions, type TokenSettings } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { assertUncommonPassword, hashForMissingAccount, hashPassword, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { browserOf } from '../sessions/sessions.service';
import { findCredentialsOfUser, findStoreIdsOfUser, findUserByEmail, setPasswordHash } from './auth.repository';
import { admitSignInAttempt, type SignInClient, settleSuccessfulSignIn } from './login-limiter';

/** Signs a user in; any failure answers the same message after the same work. */
export async function login(db: Db, tokens: TokenSettings, input: LoginRequest, client: SignInClient): Promise<LoginResponse> {
  const email = input.email.toLowerCase();
  await admitSignInAttempt(db, client, email);
  const user = await findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash ?? (await hashForMissingAccount()), input.password);
  if (!user || !isValid) {
    throw new AppError('unauthenticated', LOGIN_INVALID);
  }
  await settleSuccessfulSignIn(db, client, email);
  const role = user.role as Role;
  const device = { userAgent: client.userAgent, address: client.ip };
  const token = await issueToken(db, tokens, { id: user.id, role, stores: await findStoreIdsOfUser(db, user.id) }, device);
  await recordAudit(db, {
    actorId: user.id,
    action: 'sign_in',
    entityType: 'user',
    entityId: user.id,
    entityName: user.name,
    details: { address: client.ip, browser: browserOf(client.userAgent ?? null) },
  });
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
  client: SignInClient,
): Promise<string> {
  const { currentPassword, newPassword } = input;
  const credentials = await findCredentialsOfUser(db, auth.userId);
  const email = credentials?.email ?? '';
  await admitSignInAttempt(db, client, email);
  if (!(await verifyPassword(credentials?.passwordHash ?? (await hashForMissingAccount()), currentPassword))) {
    throw new AppError('bad_request', CURRENT_PASSWORD_WRONG);
  }
  await settleSuccessfulSignIn(db, client, email);
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
    return issueToken(
      tx,
      tokens,
      { id: auth.userId, role: auth.role, stores: auth.stores },
      { userAgent: client.userAgent, address: client.ip },
    );
  });
}
