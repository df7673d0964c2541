import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';
import { can, type Permission } from './policy';
import { type AuthContext, authenticate } from './sessions';
import '../fastify-context';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller; only valid behind `authorize`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated', 'Unauthorized! Token is missing.');
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
      throw new AppError('forbidden', 'You do not have permission to do this.');
    }
    request.auth = auth;
  };
  return Object.assign(check, { permission });
}
