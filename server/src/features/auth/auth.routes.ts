import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from './auth.hooks';
import { changeOwnPassword, login, logout } from './auth.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // SPEC.md calls both the bare and the /api-prefixed paths.
  for (const prefix of ['/auth', '/api/auth']) {
    app.post(
      `${prefix}/login`,
      { schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errors } } },
      async (request) => login(app.db, app.tokens, request.body, request.ip),
    );
    app.post(
      `${prefix}/logout`,
      { preHandler: authorize(), schema: { tags: ['auth'], response: { 200: MessageResponseSchema, ...errors } } },
      async (request) => {
        await logout(app.db, authOf(request));
        return { message: 'Logged out successfully' };
      },
    );
  }

  app.post(
    '/api/auth/change-password',
    {
      preHandler: authorize('account:change-password'),
      schema: { tags: ['auth'], body: ChangePasswordRequestSchema, response: { 200: ChangePasswordResponseSchema, ...errors } },
    },
    async (request) => {
      const token = await changeOwnPassword(app.db, app.tokens, authOf(request), request.body.newPassword);
      return { message: 'Password changed successfully!', token };
    },
  );
};

export default authRoutes;
