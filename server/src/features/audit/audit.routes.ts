import { AuditListResponseSchema, AuditQuerySchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/auth/authorize';
import { errorResponses, withTotal } from '../../lib/http';
import { listAuditEvents } from './audit.service';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      onRequest: authorize('audit:read'),
      schema: { tags: ['audit'], querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listAuditEvents(app.db, request.query, app.timeZone);
      return withTotal(reply, result.total, result);
    },
  );
};

export default auditRoutes;
