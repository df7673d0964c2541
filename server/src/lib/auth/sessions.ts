import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiTokenScope, Role } from '@stockyard/contract';
import { API_TOKEN_NOT_VALID, NOT_SIGNED_IN, SESSION_ENDED } from '@stockyard/contract';
import { jwtVerify, SignJWT } from 'jose';
import { findLiveApiToken, revokeApiTokensOfUser } from '../../db/api-tokens';
import type { DbOrTx } from '../../db/client';
import { findLiveSession, insertSession, revokeLiveSessionsOfUser, revokeSessionRow } from '../../db/sessions';
import { AppError } from '../errors';

export type AuthContext = {
  userId: string;
  role: Role;
  /** Store ids in assignment order; the first is a keeper's active store. */
  stores: string[];
  /** The signed-in session; null when the caller came with an API token. */
  jti: string | null;
  apiToken: { id: string; scope: ApiTokenScope } | null;
};

export type TokenSettings = {
  secret: Uint8Array | CryptoKey;
  ttlSeconds: number;
  /** Whether a checked session may be served from memory now (see session-changes.ts); unset: never. */
  canCacheSessions?: () => boolean;
};

/** The device a session was opened on, for the Sessions page. */
export type Device = { userAgent?: string; address: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What sets an API token apart from a signed-in session's JWT. */
const API_TOKEN_PREFIX = 'sy_';

/** Opens a session row and signs the token that names it. */
export async function issueToken(
  db: DbOrTx,
  settings: TokenSettings,
  user: { id: string; role: Role; stores: string[] },
  device?: Device,
): Promise<string> {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + settings.ttlSeconds * 1000);
  await insertSession(db, {
    jti,
    userId: user.id,
    expiresAt,
    userAgent: device?.userAgent?.slice(0, 300) ?? null,
    address: device?.address ?? null,
  });
  return new SignJWT({ role: user.role, stores: user.stores })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(settings.secret);
}

/**
 * Checks the signature, then the session row: a revoked or expired session, or a deleted user,
 * is refused even while the token's own expiry lies ahead. Role and stores come from the
 * database, so a change by an admin applies at once. A checked session is kept in memory while
 * `canCacheSessions` allows, until a revocation here or a change announced by another process.
 */
export async function authenticate(db: DbOrTx, settings: TokenSettings, authorization: string | undefined): Promise<AuthContext> {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!token) throw new AppError('unauthenticated', NOT_SIGNED_IN);
  if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(db, settings, token);
  const jti = await verifiedJti(token, settings);
  if (!jti || !UUID.test(jti)) throw new AppError('unauthenticated', SESSION_ENDED);
  return checkedOnce(settings, jti, async () => {
    const row = await findLiveSession(db, jti);
    if (!row) throw new AppError('unauthenticated', SESSION_ENDED);
    return {
      auth: { userId: row.user_id, role: row.role, stores: row.stores ?? [], jti, apiToken: null },
      until: Math.min(new Date(row.expires_at).getTime(), Date.now() + SESSION_CACHE_MS),
    };
  });
}

/**
 * A caller (a session's or an API token's) as last checked, from memory while `canCacheSessions`
 * allows and no change was announced since; else checked now and kept until `until`.
 */
async function checkedOnce(
  settings: TokenSettings,
  key: string,
  check: () => Promise<{ auth: AuthContext; until: number }>,
): Promise<AuthContext> {
  const cache = settings.canCacheSessions?.() ? checkedSessions(settings) : undefined;
  const cached = cache?.get(key);
  if (cached && cached.generation === sessionGeneration && cached.until > Date.now()) return cached.auth;
  const generation = sessionGeneration;
  const { auth, until } = await check();
  if (cache) remember(cache, key, { auth, until, generation });
  return auth;
}

/** A new API token's secret and the hash it is stored and found by. */
export function newApiTokenSecret(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token) };
}

function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An API token's caller, checked like a session: from memory while no revocation or user change was announced. */
async function authenticateApiToken(db: DbOrTx, settings: TokenSettings, token: string): Promise<AuthContext> {
  const hash = hashApiToken(token);
  return checkedOnce(settings, hash, async () => {
    const row = await findLiveApiToken(db, hash);
    if (!row) throw new AppError('unauthenticated', API_TOKEN_NOT_VALID);
    return {
      auth: { userId: row.user_id, role: row.role, stores: row.stores ?? [], jti: null, apiToken: { id: row.id, scope: row.scope } },
      until: Math.min(new Date(row.expires_at).getTime(), Date.now() + SESSION_CACHE_MS),
    };
  });
}

const CACHE_SIZE = 10_000;

/** Bounded caches kept per signing key, so one key's verdicts never vouch for another's tokens. */
function cachePerSettings<V>(): (settings: TokenSettings) => Map<string, V> {
  const bySettings = new WeakMap<TokenSettings, Map<string, V>>();
  return (settings) => {
    let cache = bySettings.get(settings);
    if (!cache) {
      cache = new Map();
      bySettings.set(settings, cache);
    }
    return cache;
  };
}

/** Adds an entry, dropping the oldest when the cache is full. */
function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}
/** A checked session is read again after this long even when no change was announced. */
const SESSION_CACHE_MS = 60_000;

/**
 * Bumped by every revocation in this process and by every change another process announces. An
 * entry keeps the generation from before its database read, so a read that raced a revocation is
 * never served.
 */
let sessionGeneration = 0;
const checkedSessions = cachePerSettings<{ auth: AuthContext; until: number; generation: number }>();

/** Every session is read from the database again before it is trusted. */
export function forgetCheckedSessions(): void {
  sessionGeneration += 1;
}

const verifiedTokensOf = cachePerSettings<{ jti: string | undefined; expiresAt: number }>();

/**
 * The token's `jti` once its signature and expiry check out. A good signature stays good, so the
 * answer is remembered (a bounded cache, entries dropped at the token's expiry) and the HMAC runs
 * once per token rather than once per request; the session itself is checked in `authenticate`.
 */
async function verifiedJti(token: string, settings: TokenSettings): Promise<string | undefined> {
  const verifiedTokens = verifiedTokensOf(settings);
  const cached = verifiedTokens.get(token);
  if (cached && cached.expiresAt > Date.now()) return cached.jti;
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    remember(verifiedTokens, token, { jti: payload.jti, expiresAt: (payload.exp ?? 0) * 1000 });
    return payload.jti;
  } catch {
    throw new AppError('unauthenticated', SESSION_ENDED);
  }
}

export async function revokeSession(db: DbOrTx, jti: string): Promise<void> {
  forgetCheckedSessions();
  await revokeSessionRow(db, jti);
}

export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await revokeSessionsOfUser(db, userId, {});
}

/**
 * Signs a user's sessions out (one, all, or all but one) and answers how many were live. Signing out
 * everywhere (all, or all but the caller's own) revokes the user's API tokens too.
 */
export async function revokeSessionsOfUser(db: DbOrTx, userId: string, which: { only?: string; except?: string }): Promise<number> {
  forgetCheckedSessions();
  if (!which.only) await revokeApiTokensOfUser(db, userId);
  return revokeLiveSessionsOfUser(db, userId, which);
}
