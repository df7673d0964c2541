import { MovementListQuerySchema, MovementListResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { storeScopeOf } from '../../lib/auth/policy';
import { errorResponses, withTotal } from '../../lib/http';
import { listMovements } from './movements.service';

const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/movements',
    {
      onRequest: authorize('movements:read'),
      schema: {
        tags: ['movements'],
        querystring: MovementListQuerySchema,
        response: { 200: MovementListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await listMovements(app.db, storeScopeOf(authOf(request)), request.query, app.timeZone);
      return withTotal(reply, result.total, result);
    },
  );
};

export default movementsRoutes;
