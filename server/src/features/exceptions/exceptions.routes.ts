import { ExceptionsQuerySchema, ExceptionsResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, withTotal } from '../../lib/http';
import { listExceptions } from './exceptions.service';

const exceptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/exceptions',
    {
      onRequest: authorize('movements:read'),
      schema: { tags: ['exceptions'], querystring: ExceptionsQuerySchema, response: { 200: ExceptionsResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const result = await app.reads(auth.userId, (db) => listExceptions(db, auth, request.query, app.timeZone));
      return withTotal(reply, result.total, result);
    },
  );
};

export default exceptionsRoutes;
