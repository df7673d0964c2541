import { randomBytes } from 'node:crypto';
import { MFA_ALREADY_ON, MFA_CODE_WRONG, MFA_NOT_STARTED } from '@stockyard/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { findCredentialsOfUser } from './auth.repository';
import {
  confirmSecret,
  countUnusedRecoveryCodes,
  findMfa,
  findUnusedRecoveryHashes,
  savePendingSecret,
  takeRecoveryCode,
  takeTimeStep,
} from './mfa.repository';

const ISSUER = 'Stockyard';
const RECOVERY_CODES = 10;
/**
 * A code lives for its 30-second period (ASVS 5.0 6.5.5), and for 5 seconds after it, for the time it
 * takes to type and send; never a code of a period to come.
 */
const TOLERANCE_SECONDS: [number, number] = [5, 0];

/** 32 letters and digits that cannot be mistaken for one another (no i, l, o, 1): 5 bits each, without bias. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
/** "abcde-fghij": 50 random bits. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normaliseRecoveryCode = (code: string) =>
  code
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^(.{5})/, '$1-');

async function timeStepOf(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Starts setting up an authenticator app: a new secret, and the otpauth:// address its QR code holds. */
export async function startEnrolment(db: DbOrTx, userId: string): Promise<{ secret: string; otpauthUrl: string }> {
  const mfa = await findMfa(db, userId);
  if (mfa?.enabledAt) throw new AppError('conflict', MFA_ALREADY_ON);
  const secret = generateSecret();
  await savePendingSecret(db, userId, secret);
  const email = (await findCredentialsOfUser(db, userId))?.email ?? userId;
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: email, secret }) };
}

/**
 * Turns the second factor on once a code from the app proves it was set up, and answers the ten
 * recovery codes, shown this once; only their hashes are kept.
 */
export async function confirmEnrolment(db: Db, userId: string, code: string): Promise<string[]> {
  const mfa = await findMfa(db, userId);
  if (mfa?.enabledAt) throw new AppError('conflict', MFA_ALREADY_ON);
  if (!mfa?.pendingSecret) throw new AppError('bad_request', MFA_NOT_STARTED);
  const timeStep = await timeStepOf(mfa.pendingSecret, code);
  if (timeStep === null) throw new AppError('bad_request', MFA_CODE_WRONG);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  // 50 bits each: under 112, so hashed like passwords (argon2id, salted; ASVS 5.0 6.5.2).
  const hashes = await Promise.all(codes.map((recovery) => hashPassword(recovery)));
  return db.transaction(async (tx) => {
    if (!(await confirmSecret(tx, userId, timeStep, hashes))) throw new AppError('bad_request', MFA_NOT_STARTED);
    const user = await findCredentialsOfUser(tx, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'update',
      entityType: 'user',
      entityId: userId,
      entityName: user?.name ?? '',
      details: { secondFactor: 'on' },
    });
    return codes;
  });
}

/**
 * Whether a code proves the second factor: a TOTP code of a time step later than the last one used
 * (so a code works once), or an unused recovery code (used up here). Each in one conditional statement.
 */
export async function proveSecondFactor(db: DbOrTx, userId: string, code: string): Promise<'totp' | 'recovery code' | null> {
  const mfa = await findMfa(db, userId);
  if (!mfa?.secret) return null;
  const timeStep = await timeStepOf(mfa.secret, code);
  if (timeStep !== null) return (await takeTimeStep(db, userId, timeStep)) ? 'totp' : null;
  const recovery = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{5}-[a-z0-9]{5}$/.test(recovery)) return null;
  for (const hash of await findUnusedRecoveryHashes(db, userId)) {
    if (await verifyPassword(hash, recovery)) return (await takeRecoveryCode(db, userId, hash)) ? 'recovery code' : null;
  }
  return null;
}

export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await findMfa(db, userId))?.enabledAt);
}

export async function secondFactorStatus(db: DbOrTx, userId: string) {
  return { enabled: await hasSecondFactor(db, userId), recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) };
}
