import { createHash, randomUUID } from 'node:crypto';
import { MFA_TOKEN_ENDED } from '@stockyard/contract';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';
import type { TokenSettings } from './sessions';

/** What a short-lived sign-in token may finish: a sign-in with a code, or an admin's first set-up. */
export type MfaPurpose = 'mfa' | 'mfa-setup';
const LIFETIME_SECONDS = 5 * 60;

/** What a sign-in token holds: whose it is, a mark of the password it was issued under, and its own id. */
export type MfaTokenClaims = { userId: string; passwordMark: string; tokenId: string };

/** A mark of a password hash: a changed password makes every sign-in token issued before it useless. */
export function passwordMarkOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/**
 * A token that finishes one sign-in step and nothing else: it names no session (so no other call
 * accepts it), carries its purpose, checked on use, and the mark of the password it was issued under.
 * It lasts 5 minutes.
 */
export function issueMfaToken(settings: TokenSettings, user: { id: string; passwordHash: string }, purpose: MfaPurpose): Promise<string> {
  return new SignJWT({ purpose, pw: passwordMarkOf(user.passwordHash), tid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + LIFETIME_SECONDS)
    .sign(settings.secret);
}

/** A sign-in token's claims, when it is unexpired and for this purpose; else 401. */
export async function verifyMfaToken(settings: TokenSettings, token: string, purpose: MfaPurpose): Promise<MfaTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    if (payload.purpose !== purpose || !payload.sub || payload.jti) throw new Error('not a sign-in token');
    return { userId: payload.sub, passwordMark: String(payload.pw ?? ''), tokenId: String(payload.tid ?? '') };
  } catch {
    throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  }
}
