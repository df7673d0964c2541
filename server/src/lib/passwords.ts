import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_TOO_COMMON } from '@stockyard/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~7 ms a hash on our machines).
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const OPTIONS = ARGON2_OPTIONS;

/** The 10,000 most common passwords of leaked lists (zxcvbn's, most common first), shipped with the app: no look-up leaves the server. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000));

/** Refuses (400) a new password that is among the most common ones, whatever its case. */
export function assertUncommonPassword(password: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw new AppError('bad_request', PASSWORD_TOO_COMMON);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when no account matches, so a wrong email costs as long as a wrong password. */
export function hashForMissingAccount(): Promise<string> {
  dummyHash ??= hashPassword(`no-account-${Math.random()}`);
  return dummyHash;
}
