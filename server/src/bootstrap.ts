import { randomBytes, webcrypto } from 'node:crypto';
import type { Db } from './db/client';
import { findOrKeepSetting } from './db/settings';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The signing key: JWT_SECRET when set, else one generated on the first start and kept in the
 * database, so restarts and other instances on the same database accept the same tokens.
 */
export async function resolveJwtSecret(db: Db, configured?: string): Promise<CryptoKey> {
  if (configured) return importSigningKey(configured);
  return importSigningKey(await findOrKeepSetting(db, JWT_SECRET_KEY, () => randomBytes(48).toString('base64url')));
}

/** The HMAC key, imported once: signing and checking every token then skip importing it again. */
function importSigningKey(secret: string): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]) as Promise<CryptoKey>;
}
