import { ExpiringQuerySchema, ExpiringResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, withTotal } from '../../lib/http';
import { listExpiring } from './expiry.service';

const tags = ['materials'];

/** The batches in stock that are expiring or have expired. */
const expiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/expiring',
    {
      onRequest: authorize('items:read'),
      schema: { tags, querystring: ExpiringQuerySchema, response: { 200: ExpiringResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listExpiring(app.db, authOf(request), request.query, app.timeZone);
      return withTotal(reply, result.total, result);
    },
  );
};

export default expiryRoutes;
