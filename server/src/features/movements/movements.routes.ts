import { ErrorResponseSchema, MovementListQuerySchema, MovementListResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { findMovements } from './movements.repository';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/movements',
    {
      preHandler: authorize('movements:read'),
      schema: { tags: ['movements'], querystring: MovementListQuerySchema, response: { 200: MovementListResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await findMovements(app.db, { ...request.query, storeIds: storeScopeOf(authOf(request)), timeZone: app.timeZone });
      reply.header('X-Total-Count', String(result.total));
      return result;
    },
  );
};

export default movementsRoutes;
