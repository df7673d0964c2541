import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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

/** A preHandler that needs a live session and, when given, a permission of the caller's role. */
export function authorize(permission?: Permission): preHandlerAsyncHookHandler {
  return async function checkAccess(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const auth = await authenticate(request.server.db, request.server.tokens, request.headers.authorization);
    if (permission && !can(auth.role, permission)) {
      throw new AppError('forbidden', 'You do not have permission to do this.');
    }
    request.auth = auth;
  };
}
