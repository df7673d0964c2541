import { randomBytes, webcrypto } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './db/client';
import { settings, users } from './db/schema';
import { hashPassword } from './lib/passwords';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The signing key: JWT_SECRET when set, else one generated on the first start and kept in the
 * database, so restarts and other instances on the same database accept the same tokens.
 */
export async function resolveJwtSecret(db: Db, configured?: string): Promise<CryptoKey> {
  if (configured) return importSigningKey(configured);
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY));
  if (!row) throw new Error('JWT secret could not be stored');
  return importSigningKey(row.value);
}

/** The HMAC key, imported once: signing and checking every token then skip importing it again. */
function importSigningKey(secret: string): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]) as Promise<CryptoKey>;
}

export type FirstAdmin = { email: string; generatedPassword?: string };

/** Creates the first admin when none exists; returns what was created, if anything. */
export async function ensureFirstAdmin(db: Db, email?: string, password?: string): Promise<FirstAdmin | undefined> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  if (existing) return undefined;
  const adminEmail = (email ?? 'admin@example.com').trim().toLowerCase();
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password ?? (generatedPassword as string));
  // Two instances starting at once on one database: the unique email index lets only one insert win.
  const inserted = await db
    .insert(users)
    .values({ name: 'Administrator', email: adminEmail, passwordHash, role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? { email: adminEmail, generatedPassword } : undefined;
}
