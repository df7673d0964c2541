import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
} from '@stockyard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { changeOwnPassword, login, logout } from './auth.service';
import type { SignInClient } from './login-limiter';

/** Who is signing in: the address, the browser (for the Sessions page) and where to warn. */
function signInClient(request: FastifyRequest): SignInClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'], log: request.log };
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // docs/SPEC.md calls both the bare and the /api-prefixed paths.
  for (const prefix of ['/auth', '/api/auth']) {
    app.post(
      `${prefix}/login`,
      { schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
      async (request) => login(app.db, app.tokens, request.body, signInClient(request)),
    );
    app.post(
      `${prefix}/logout`,
      { onRequest: authorize(), schema: { tags: ['auth'], response: { 200: MessageResponseSchema, ...errorResponses } } },
      async (request) => {
        await logout(app.db, authOf(request));
        return { message: 'Logged out successfully' };
      },
    );
  }

  app.post(
    '/api/auth/change-password',
    {
      onRequest: authorize('account:change-password'),
      schema: { tags: ['auth'], body: ChangePasswordRequestSchema, response: { 200: ChangePasswordResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const token = await changeOwnPassword(app.db, app.tokens, authOf(request), request.body, signInClient(request));
      return { message: 'Password changed successfully!', token };
    },
  );
};

export default authRoutes;
