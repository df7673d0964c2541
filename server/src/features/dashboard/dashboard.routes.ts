import { DashboardQuerySchema, DashboardResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { dashboardFor } from './dashboard.service';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      onRequest: authorize('reports:own-store'),
      schema: { tags: ['reports'], querystring: DashboardQuerySchema, response: { 200: DashboardResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = authOf(request);
      return app.reads(auth.userId, (db) => dashboardFor(db, auth, request.query, app.timeZone));
    },
  );
};

export default dashboardRoutes;
