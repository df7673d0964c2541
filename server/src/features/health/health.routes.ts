import { DATABASE_UNREACHABLE } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable } from '../../db/sql';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string(), message: z.string() }) },
      },
    },
    async (_request, reply) => {
      if (await isDatabaseReachable(app.db)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable', message: DATABASE_UNREACHABLE });
    },
  );
};

export default healthRoutes;
