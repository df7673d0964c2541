import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_TOKEN_REQUIRED } from '@stockyard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { Registry } from 'prom-client';

/** The metrics token, when set, and what writes the app's metrics (recordMetrics, on the root app). */
export type MetricsOptions = { token?: string; writeMetrics: () => Promise<string> };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether an Authorization header carries the metrics token, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics: this process's metrics for Prometheus; with METRICS_TOKEN set, only for a scraper that sends it. */
const metricsRoutes: FastifyPluginAsync<MetricsOptions> = async (app, options) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token && !carriesToken(request.headers.authorization, options.token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: METRICS_TOKEN_REQUIRED });
    }
    return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(await options.writeMetrics());
  });
};

export default metricsRoutes;
