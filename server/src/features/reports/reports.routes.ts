import { KeeperReportQuerySchema, KeeperReportResponseSchema, ReportRowSchema, StoreReportQuerySchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { reportForKeeper, reportForStore } from './reports.service';

const tags = ['reports'];

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/report/generate-report',
    {
      onRequest: authorize('reports:any-store'),
      schema: { tags, querystring: StoreReportQuerySchema, response: { 200: z.array(ReportRowSchema), ...errorResponses } },
    },
    async (request) => reportForStore(app.db, request.query, app.timeZone),
  );

  app.get(
    '/api/user/report',
    {
      onRequest: authorize('reports:own-store'),
      schema: { tags, querystring: KeeperReportQuerySchema, response: { 200: KeeperReportResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await reportForKeeper(app.db, authOf(request), request.query, app.timeZone) }),
  );
};

export default reportsRoutes;
