import { API_TOKEN_NOT_ALLOWED, API_TOKEN_READ_ONLY, apiTokenRateLimited, NO_PERMISSION, NOT_SIGNED_IN } from '@stockyard/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { decodeJwt } from 'jose';
import { AppError } from '../errors';
import { verifyMfaToken } from './mfa-tokens';
import { can, needsSignedInPerson, type Permission } from './policy';
import { type AuthContext, authenticate } from './sessions';
import '../fastify-context';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The admin setting up a second factor at sign-in, behind `authorizeOrSetUp` (then `auth` is null). */
    mfaSetupUserId: string | null;
  }
}

/** The signed-in caller; only valid behind `authorize`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', NOT_SIGNED_IN);
  return request.auth;
}

/** The access check of a route, with the permission it needs (undefined: any signed-in caller). */
export type AccessCheck = onRequestAsyncHookHandler & { permission: Permission | undefined };

/**
 * An onRequest hook that needs a live session and, when given, a permission of the caller's role. It
 * runs before the body is read or validated: who you are and what you may do come before what you sent
 * (no token → 401, wrong role → 403, only then 400 for a bad body).
 */
export function authorize(permission?: Permission): AccessCheck {
  const check = async function checkAccess(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const auth = await authenticate(request.server.db, request.server.tokens, request.headers.authorization);
    if (permission && !can(auth.role, permission)) {
      throw new AppError('forbidden', NO_PERMISSION);
    }
    if (auth.apiToken) checkApiTokenUse(auth.apiToken, permission, request, _reply);
    request.auth = auth;
  };
  return Object.assign(check, { permission });
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** What a token may do beyond its user's role: a read token only reads, no token manages the account; and how often. */
function checkApiTokenUse(
  token: NonNullable<AuthContext['apiToken']>,
  permission: Permission | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (needsSignedInPerson(permission)) throw new AppError('forbidden', API_TOKEN_NOT_ALLOWED);
  if (token.scope === 'read' && !SAFE_METHODS.has(request.method)) throw new AppError('forbidden', API_TOKEN_READ_ONLY);
  const limited = request.server.apiTokenLimiter.take(token.id);
  if (limited) {
    reply.header('retry-after', String(limited.retryAfterSeconds));
    throw new AppError('too_many_requests', apiTokenRateLimited(limited.retryAfterSeconds));
  }
}

function purposeOf(token: string): unknown {
  try {
    return decodeJwt(token).purpose;
  } catch {
    return undefined;
  }
}

/**
 * `authorize(permission)`, that also lets in the sign-in token of an admin who must set up a second
 * factor before getting a session (lib/auth/mfa-tokens.ts): then `request.mfaSetupUserId` names them.
 */
export function authorizeOrSetUp(permission: Permission): AccessCheck {
  const signedIn = authorize(permission);
  const check = async function checkAccessOrSetUp(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    if (bearer && purposeOf(bearer) === 'mfa-setup') {
      request.mfaSetupUserId = (await verifyMfaToken(request.server.tokens, bearer, 'mfa-setup')).userId;
      return;
    }
    await signedIn.call(this as never, request, reply);
  };
  return Object.assign(check, { permission });
}

/** The user a second-factor call is about: the one setting up at sign-in, or the signed-in caller. */
export function mfaUserOf(request: FastifyRequest): string {
  return request.mfaSetupUserId ?? authOf(request).userId;
}
