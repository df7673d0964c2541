import { setTimeout as sleep } from 'node:timers/promises';
import { tooManySignIns } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { TooManyAttempts } from '../../lib/errors';
import type { SignInClient } from '../../lib/request-key';
import { recordAudit } from '../audit/audit.service';
import { countSignInAttempt, findUserByEmail, forgetSignInAttempts, hasSignInAttempts, uncountSignInAttempt } from './auth.repository';

/**
 * Sign-in limits that slow attackers without locking people out (OWASP ASVS 5.0 V6.3): a pair of
 * account and address is locked after its failures; an account attacked from many addresses is slowed
 * down, never locked, so its owner still signs in from elsewhere; an address is limited only at a
 * number a whole site behind one carrier address never reaches.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  /** Attempts on one account from one address, then 429 for that pair. */
  perAccountAndAddress: 10,
  /** Attempts from one address on any accounts, then 429 for that address. */
  perAddress: 100,
  /** Attempts on one account from any addresses, after which each waits a little longer. */
  accountSlowdownAfter: 10,
  slowdownStepMs: 200,
  slowdownMaxMs: 3000,
  /** Second-step codes for one account, from any addresses, then 429 until the window ends. */
  secondStepGuesses: 10,
} as const;

export type { SignInClient } from '../../lib/request-key';

function keysOf(ip: string, email: string) {
  const account = `account:${email.toLowerCase()}`;
  return { pair: `pair:${email.toLowerCase()}|${ip}`, account, address: `address:${ip}` };
}

/**
 * Counts the attempt before the password is checked, in the statement that decides whether it may go
 * on: N simultaneous guesses count as N. Refused (429) once the pair or the address is over its
 * limit; on an account over its slowdown threshold the attempt waits, growing with every attempt.
 */
export async function admitSignInAttempt(db: DbOrTx, client: SignInClient, email: string): Promise<void> {
  const keys = keysOf(client.ip, email);
  const counts = await countSignInAttempt(db, Object.values(keys), SIGN_IN_LIMITS.windowMinutes);
  const count = (key: string) => counts.get(key)?.attempts ?? 0;
  if (count(keys.pair) > SIGN_IN_LIMITS.perAccountAndAddress) throw tooMany(counts.get(keys.pair)?.secondsLeft);
  if (count(keys.address) > SIGN_IN_LIMITS.perAddress) throw tooMany(counts.get(keys.address)?.secondsLeft);
  const beyond = count(keys.account) - SIGN_IN_LIMITS.accountSlowdownAfter;
  if (beyond > 0) {
    if (beyond === 1) await reportBurst(db, client, email);
    await sleep(Math.min(beyond * SIGN_IN_LIMITS.slowdownStepMs, SIGN_IN_LIMITS.slowdownMaxMs));
  }
}

/** A refusal that says when the window that caused it ends. */
function tooMany(secondsLeft = SIGN_IN_LIMITS.windowMinutes * 60): TooManyAttempts {
  return new TooManyAttempts(tooManySignIns(Math.max(1, Math.ceil(secondsLeft / 60))), secondsLeft);
}

/**
 * Counts a second-step code for an account, whatever address or sign-in token it comes with: past
 * `secondStepGuesses` in the window, every code is refused (the right one too) until the window ends,
 * and a correct password does not start it afresh. A code that proves right is taken back.
 */
export async function admitSecondStepGuess(db: DbOrTx, userId: string): Promise<void> {
  const key = secondStepKey(userId);
  const counts = await countSignInAttempt(db, [key], SIGN_IN_LIMITS.windowMinutes);
  const counted = counts.get(key);
  if ((counted?.attempts ?? 0) > SIGN_IN_LIMITS.secondStepGuesses) throw tooMany(counted?.secondsLeft);
}

/** A second-step code that proved right is no guess. */
export function settleRightCode(db: DbOrTx, userId: string): Promise<void> {
  return uncountSignInAttempt(db, [secondStepKey(userId)]);
}

const secondStepKey = (userId: string) => `second-step:${userId}`;

/** Whether a sign-in token already finished a sign-in. */
export async function isMfaTokenSpent(db: DbOrTx, tokenId: string): Promise<boolean> {
  return !tokenId || (await hasSignInAttempts(db, `mfa-token:${tokenId}`, SIGN_IN_LIMITS.windowMinutes));
}

/** Marks a sign-in token used, for as long as it could live; false when it was used before. */
export async function spendMfaToken(db: DbOrTx, tokenId: string): Promise<boolean> {
  if (!tokenId) return false;
  const key = `mfa-token:${tokenId}`;
  const counts = await countSignInAttempt(db, [key], SIGN_IN_LIMITS.windowMinutes);
  return counts.get(key)?.attempts === 1;
}

/** A sign-in that succeeded: its pair starts afresh, and the attempt is taken back from the account's and the address's counts. */
export async function settleSuccessfulSignIn(db: DbOrTx, client: SignInClient, email: string): Promise<void> {
  const keys = keysOf(client.ip, email);
  await forgetSignInAttempts(db, [keys.pair]);
  await uncountSignInAttempt(db, [keys.account, keys.address]);
}

/**
 * An account's attempts passed the slowdown threshold: said once per window in the log and, for an
 * account that exists, in the audit trail, where its admins see it.
 */
async function reportBurst(db: DbOrTx, client: SignInClient, email: string): Promise<void> {
  const { accountSlowdownAfter, windowMinutes } = SIGN_IN_LIMITS;
  client.log.warn(`Sign-in attempts on ${email} passed ${accountSlowdownAfter} in ${windowMinutes} minutes: slowing them down`);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await recordAudit(db, {
    actorId: null,
    action: 'sign_in_burst',
    entityType: 'user',
    entityId: user.id,
    entityName: user.name,
    details: { attempts: accountSlowdownAfter + 1, windowMinutes, lastAddress: client.ip },
  });
}
