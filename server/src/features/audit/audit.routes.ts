import { AuditListResponseSchema, AuditQuerySchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { errorResponses, withTotal } from '../../lib/http';
import { AUDIT_COLUMNS } from './audit.csv';
import { listAuditEvents } from './audit.service';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      onRequest: authorize('audit:read'),
      schema: { tags: ['audit'], querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await app.reads(authOf(request).userId, (db) => listAuditEvents(db, request.query, app.timeZone));
      return withTotal(reply, result.total, result);
    },
  );

  registerCsvExport(app, {
    url: '/api/audit/csv',
    permission: 'audit:read',
    tags: ['audit'],
    querystring: AuditQuerySchema,
    fileName: 'audit.csv',
    columns: AUDIT_COLUMNS,
    page: async (_request, query, page, db) => {
      const { events, total } = await listAuditEvents(db, { ...query, ...page }, app.timeZone);
      return { rows: events, total };
    },
  });
};

export default auditRoutes;
