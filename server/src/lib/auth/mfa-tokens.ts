import { MFA_TOKEN_ENDED } from '@stockyard/contract';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';
import type { TokenSettings } from './sessions';

/** What a short-lived sign-in token may finish: a sign-in with a code, or an admin's first set-up. */
export type MfaPurpose = 'mfa' | 'mfa-setup';
const LIFETIME_SECONDS = 5 * 60;

/**
 * A token that finishes one sign-in step and nothing else: it names no session (so no other call
 * accepts it) and carries its purpose, checked on use. It lasts 5 minutes.
 */
export function issueMfaToken(settings: TokenSettings, userId: string, purpose: MfaPurpose): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + LIFETIME_SECONDS)
    .sign(settings.secret);
}

/** The user a sign-in token was issued to, when it is unexpired and for this purpose; else 401. */
export async function verifyMfaToken(settings: TokenSettings, token: string, purpose: MfaPurpose): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    if (payload.purpose !== purpose || !payload.sub || payload.jti) throw new Error('not a sign-in token');
    return payload.sub;
  } catch {
    throw new AppError('unauthenticated', MFA_TOKEN_ENDED);
  }
}
