import { IdSchema, SessionSchema, SessionSignOutResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses } from '../../lib/http';
import { assertUserExists, listSessions, signOut } from './sessions.service';

const tags = ['sessions'];
const own = { onRequest: authorize('account:sessions') };
const anyUser = { onRequest: authorize('users:manage') };
const endAnyUsers = { onRequest: authorize('users:end-sessions') };
const list = { 200: z.array(SessionSchema), ...errorResponses };
const signedOut = { 200: SessionSignOutResponseSchema, ...errorResponses };
const UserSessionParamsSchema = z.object({ id: IdSchema, sessionId: IdSchema });

/** The Sessions page: each person's signed-in devices, and an admin's view of anyone's. */
const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/sessions', { ...own, schema: { tags, response: list } }, async (request) =>
    listSessions(app.db, authOf(request).userId, authOf(request)),
  );

  app.delete('/api/auth/sessions/:id', { ...own, schema: { tags, params: ByIdParamsSchema, response: signedOut } }, async (request) => {
    const auth = authOf(request);
    return signOut(app.db, auth, auth.userId, { only: request.params.id });
  });

  app.post('/api/auth/sessions/sign-out-others', { ...own, schema: { tags, response: signedOut } }, async (request) => {
    const auth = authOf(request);
    return signOut(app.db, auth, auth.userId, { except: auth.jti ?? undefined });
  });

  app.get('/api/users/:id/sessions', { ...anyUser, schema: { tags, params: ByIdParamsSchema, response: list } }, async (request) => {
    await assertUserExists(app.db, request.params.id);
    return listSessions(app.db, request.params.id, authOf(request));
  });

  app.delete(
    '/api/users/:id/sessions/:sessionId',
    { ...endAnyUsers, schema: { tags, params: UserSessionParamsSchema, response: signedOut } },
    async (request) => signOut(app.db, authOf(request), request.params.id, { only: request.params.sessionId }),
  );

  app.post(
    '/api/users/:id/sessions/sign-out-all',
    { ...endAnyUsers, schema: { tags, params: ByIdParamsSchema, response: signedOut } },
    async (request) => {
      await assertUserExists(app.db, request.params.id);
      return signOut(app.db, authOf(request), request.params.id, {});
    },
  );
};

export default sessionsRoutes;
