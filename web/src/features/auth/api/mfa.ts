import type { Role } from '@stockyard/contract';
import { apiFetch } from '../../../lib/api';

export type SignedIn = { token: string; role: Role };
type Enrolment = { secret: string; otpauthUrl: string };
type Confirmed = { recoveryCodes: string[]; token?: string; role?: Role };

/** A sign-in token (from the login answer) instead of the stored session, when one is given. */
const as = (mfaToken: string | null) => (mfaToken ? { auth: false, headers: { Authorization: `Bearer ${mfaToken}` } } : {});

/** The second step of a sign-in: the code from the app, or a recovery code. */
export function signInWithCode(mfaToken: string, code: string): Promise<SignedIn> {
  return apiFetch<SignedIn>('/api/auth/mfa', { method: 'POST', body: { mfaToken, code }, auth: false });
}

/** With the sign-in token of an admin's first sign-in, or, signed in, with the password typed again. */
export function startEnrolment(mfaToken: string | null, currentPassword?: string): Promise<Enrolment> {
  return apiFetch<Enrolment>('/api/auth/mfa/enroll', { method: 'POST', body: mfaToken ? {} : { currentPassword }, ...as(mfaToken) });
}

export function confirmEnrolment(mfaToken: string | null, code: string): Promise<Confirmed> {
  return apiFetch<Confirmed>('/api/auth/mfa/confirm', { method: 'POST', body: { code }, ...as(mfaToken) });
}

export function secondFactorStatus(): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  return apiFetch('/api/auth/mfa/status');
}
