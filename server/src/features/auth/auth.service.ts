import {
  CURRENT_PASSWORD_WRONG,
  LANGUAGE_SAVED,
  type Language,
  LOGIN_INVALID,
  type LoginRequest,
  type LoginResponse,
  MFA_CODE_REQUIRED,
  MFA_CODE_WRONG,
  MFA_TOKEN_ENDED,
  type Role,
  SIGN_IN_WITH_PROVIDER,
} from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { issueMfaToken, passwordMarkOf, verifyMfaToken } from '../../lib/auth/mfa-tokens';
import { type AuthContext, issueToken, revokeSession, revokeUserSessions, type TokenSettings } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { assertUncommonPassword, hashForMissingAccount, hashPassword, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { browserOf } from '../sessions/sessions.service';
import {
  findCredentialsOfUser,
  findStoreIdsOfUser,
  findUserByEmail,
  findUserLanguage,
  setPasswordHash,
  updateUserLanguage,
} from './auth.repository';
import {
  admitSecondStepGuess,
  admitSignInAttempt,
  isMfaTokenSpent,
  type SignInClient,
  settleRightCode,
  settleSuccessfulSignIn,
  spendMfaToken,
} from './login-limiter';
import { hasSecondFactor, proveSecondFactor } from './mfa.service';

export { hasSecondFactor, proveSecondFactor } from './mfa.service';

/**
 * Signs a user in; any failure answers the same message after the same work. An account with a
 * second factor, and an admin who must set one up (`requireAdminMfa`), get a short-lived sign-in
 * token instead, which only the code (or the set-up) turns into a session.
 */
export async function login(
  db: Db,
  tokens: TokenSettings,
  input: LoginRequest,
  client: SignInClient,
  requireAdminMfa = false,
  isProviderOnly = false,
): Promise<LoginResponse> {
  const email = input.email.toLowerCase();
  await admitSignInAttempt(db, client, email);
  const user = await findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash ?? (await hashForMissingAccount()), input.password);
  if (!user || !isValid) {
    throw new AppError('unauthenticated', LOGIN_INVALID);
  }
  // With OIDC_ONLY, whoever has signed in through the company's provider signs in there alone.
  if (isProviderOnly && user.oidcSignedInAt) throw new AppError('unauthenticated', SIGN_IN_WITH_PROVIDER);
  await settleSuccessfulSignIn(db, client, email);
  return secondStepOrSession(db, tokens, { ...user, role: user.role as Role }, client, { requireAdminMfa, isSecondFactorChecked: false });
}

/**
 * What a person proved to be who they are gets: the second step when they have a second factor (or
 * are an admin who must set one up), unless the identity provider already checked one and the
 * company trusts it; a session otherwise.
 */
async function secondStepOrSession(
  db: Db,
  tokens: TokenSettings,
  user: { id: string; name: string; role: Role; passwordHash: string },
  client: SignInClient,
  rules: { requireAdminMfa: boolean; isSecondFactorChecked: boolean; proof?: Record<string, string> },
): Promise<LoginResponse> {
  if (!rules.isSecondFactorChecked) {
    if (await hasSecondFactor(db, user.id)) return { mfaRequired: true, mfaToken: await issueMfaToken(tokens, user, 'mfa') };
    if (user.role === 'admin' && rules.requireAdminMfa) {
      return { mfaSetupRequired: true, mfaToken: await issueMfaToken(tokens, user, 'mfa-setup') };
    }
  }
  return openSession(db, tokens, user, client, rules.proof ?? {});
}

/** A sign-in the company's identity provider vouched for (features/sso): the same second step as a password's. */
export async function signInVouchedFor(
  db: Db,
  tokens: TokenSettings,
  userId: string,
  client: SignInClient,
  rules: { requireAdminMfa: boolean; isSecondFactorChecked: boolean },
): Promise<LoginResponse> {
  const user = await findCredentialsOfUser(db, userId);
  if (!user) throw new AppError('unauthenticated', LOGIN_INVALID);
  const proof = { through: 'identity provider', ...(rules.isSecondFactorChecked ? { secondFactor: 'identity provider' } : {}) };
  return secondStepOrSession(
    db,
    tokens,
    { id: userId, name: user.name, role: user.role as Role, passwordHash: user.passwordHash },
    client,
    {
      ...rules,
      proof,
    },
  );
}

/** The session a finished sign-in opens, written to the audit trail with how the person proved who they are. */
async function openSession(
  db: DbOrTx,
  tokens: TokenSettings,
  user: { id: string; name: string; role: Role },
  client: SignInClient,
  proof: { secondFactor?: string; through?: string },
): Promise<{ token: string; role: Role; language: Language | null }> {
  const device = { userAgent: client.userAgent, address: client.ip };
  const token = await issueToken(db, tokens, { id: user.id, role: user.role, stores: await findStoreIdsOfUser(db, user.id) }, device);
  await recordAudit(db, {
    actorId: user.id,
    action: 'sign_in',
    entityType: 'user',
    entityId: user.id,
    entityName: user.name,
    details: { address: client.ip, browser: browserOf(client.userAgent ?? null), ...proof },
  });
  return { token, role: user.role, language: await findUserLanguage(db, user.id) };
}

/** Keeps the language a person chose; every later sign-in, on any device, starts in it. */
export async function saveLanguage(db: DbOrTx, auth: AuthContext, language: Language): Promise<{ message: string; language: Language }> {
  await updateUserLanguage(db, auth.userId, language);
  return { message: LANGUAGE_SAVED, language };
}

/**
 * The second step of a sign-in with a second factor: the sign-in token and a code (from the app, or
 * a recovery code). Counted like a password guess, so six digits cannot be tried at leisure.
 */
export async function finishMfaSignIn(db: Db, tokens: TokenSettings, input: { mfaToken: string; code: string }, client: SignInClient) {
  const { userId, passwordMark, tokenId } = await verifyMfaToken(tokens, input.mfaToken, 'mfa');
  const user = await findCredentialsOfUser(db, userId);
  // A password changed since the token was issued ends it.
  if (!user || passwordMarkOf(user.passwordHash) !== passwordMark) throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  await admitSignInAttempt(db, client, user.email);
  await admitSecondStepGuess(db, userId);
  if (await isMfaTokenSpent(db, tokenId)) throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  const secondFactor = await proveSecondFactor(db, userId, input.code);
  if (!secondFactor) throw new AppError('unauthenticated', MFA_CODE_WRONG);
  // A token finishes one sign-in: a second right code with it opens nothing.
  if (!(await spendMfaToken(db, tokenId))) throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  await settleRightCode(db, userId);
  await settleSuccessfulSignIn(db, client, user.email);
  return openSession(db, tokens, { id: userId, name: user.name, role: user.role as Role }, client, { secondFactor });
}

/** An admin who had to set up a second factor at sign-in and just did: the sign-in finishes here. */
export async function finishSetupSignIn(db: Db, tokens: TokenSettings, userId: string, client: SignInClient) {
  const user = await findCredentialsOfUser(db, userId);
  if (!user) throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  return openSession(db, tokens, { id: userId, name: user.name, role: user.role as Role }, client, { secondFactor: 'set up' });
}

/** Ends the caller's session (an API token never gets here: it is revoked on its own, lib/auth/policy.ts). */
export async function logout(db: Db, auth: AuthContext): Promise<void> {
  if (auth.jti) await revokeSession(db, auth.jti);
}

/**
 * The signed-in person typed their password again (before changing how they sign in), counted like a
 * sign-in, so a stolen token cannot guess it at leisure; a wrong one is a 400.
 */
export async function proveCurrentPassword(db: DbOrTx, userId: string, password: string, client: SignInClient): Promise<void> {
  const refusal = await refusalOfPassword(db, userId, password, client);
  if (refusal) throw refusal;
}

/** The current password proved, or the refusal (counted like a sign-in guess) given back, not thrown. */
async function refusalOfPassword(db: DbOrTx, userId: string, password: string, client: SignInClient): Promise<AppError | undefined> {
  const credentials = await findCredentialsOfUser(db, userId);
  const email = credentials?.email ?? '';
  await admitSignInAttempt(db, client, email);
  if (!(await verifyPassword(credentials?.passwordHash ?? (await hashForMissingAccount()), password))) {
    return new AppError('bad_request', CURRENT_PASSWORD_WRONG);
  }
  await settleSuccessfulSignIn(db, client, email);
  return undefined;
}

/**
 * The password again and, when the second factor is on, its code: proof of who asks before a key to
 * the account is made. Wrong answers count like sign-in guesses (the code like a second step's) and
 * are given back, not thrown, so a caller inside a transaction commits the count before refusing.
 */
export async function refusalOfAccountProof(
  db: DbOrTx,
  userId: string,
  proof: { currentPassword: string; code?: string | undefined },
  client: SignInClient,
): Promise<AppError | undefined> {
  const refusal = await refusalOfPassword(db, userId, proof.currentPassword, client);
  if (refusal || !(await hasSecondFactor(db, userId))) return refusal;
  if (!proof.code) return new AppError('bad_request', MFA_CODE_REQUIRED);
  await admitSecondStepGuess(db, userId);
  if (!(await proveSecondFactor(db, userId, proof.code))) return new AppError('bad_request', MFA_CODE_WRONG);
  await settleRightCode(db, userId);
  return undefined;
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
  await proveCurrentPassword(db, auth.userId, currentPassword, client);
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
