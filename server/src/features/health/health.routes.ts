import { DATABASE_UNREACHABLE, MIGRATIONS_PENDING } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable } from '../../db/sql';
import { bundledMigrationCount, readiness } from './health.service';

const unavailable = z.object({ status: z.string(), message: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const migrations = bundledMigrationCount();

  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }), 503: unavailable } } },
    async (_request, reply) => {
      if (await isDatabaseReachable(app.db)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable', message: DATABASE_UNREACHABLE });
    },
  );

  // A load balancer sends work here only once the database answers and holds every migration this build brings.
  app.get(
    '/api/ready',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ready') }), 503: unavailable } } },
    async (_request, reply) => {
      const status = await readiness(app.db, migrations);
      if (status === 'unavailable') return reply.status(503).send({ status, message: DATABASE_UNREACHABLE });
      if (status === 'migrating') return reply.status(503).send({ status, message: MIGRATIONS_PENDING });
      return { status };
    },
  );
};

export default healthRoutes;
