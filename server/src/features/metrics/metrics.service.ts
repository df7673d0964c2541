import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client';
import type { ReadRoute, ReplicaReads } from '../../db/read-replica';
import { readBacklog } from './metrics.repository';

/** Routes whose 401 and 429 answers are refused sign-ins. */
const SIGN_IN_ROUTES = new Set(['/auth/login', '/api/auth/login', '/api/auth/mfa']);

/**
 * This process's metrics, in a registry of its own: every request's route (its pattern, never its
 * address), method, status and time; refused sign-ins; the database pool; and, read when scraped, the
 * backlog of webhook deliveries, notification emails and parked phone ops, which all processes share.
 * Answers a function that writes them all in Prometheus' text format.
 */
export function recordMetrics(
  app: FastifyInstance,
  sources: { poolStats?: PoolStats; replicaReads?: ReplicaReads },
): () => Promise<string> {
  const { poolStats, replicaReads } = sources;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'stockyard_http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'stockyard_http_request_duration_seconds',
    help: 'Time from a request to its answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusedSignIns = new Counter({
    name: 'stockyard_sign_in_failures_total',
    help: 'Sign-ins refused: wrong credentials or code (refused), or too many tries (locked)',
    labelNames: ['reason'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (SIGN_IN_ROUTES.has(route) && (reply.statusCode === 401 || reply.statusCode === 429)) {
      refusedSignIns.inc({ reason: reply.statusCode === 429 ? 'locked' : 'refused' });
    }
  });
  if (poolStats) {
    new Gauge({
      name: 'stockyard_db_pool_connections',
      help: 'Database pool connections: open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  if (replicaReads) recordReplicaMetrics(registry, replicaReads);
  new Gauge({
    name: 'stockyard_backlog',
    help: 'Work waiting: webhook deliveries and notification emails to send, phone ops parked for a person',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const backlog = await readBacklog(app.db);
      this.set({ queue: 'webhook_deliveries' }, backlog.webhookDeliveries);
      this.set({ queue: 'notification_emails' }, backlog.notificationEmails);
      this.set({ queue: 'parked_ops' }, backlog.parkedOps);
    },
  });
  return () => Registry.merge([processRegistry(), registry]).metrics();
}

const READ_ROUTES: ReadRoute[] = ['replica', 'own_write', 'lagging', 'unavailable', 'failed'];

/** The replica's lag at its last check, and where heavy reads went: the replica, or the primary and why. */
function recordReplicaMetrics(registry: Registry, replicaReads: ReplicaReads): void {
  new Gauge({
    name: 'stockyard_replica_lag_seconds',
    help: 'How far the read replica was behind the primary at its last check (NaN: it did not answer)',
    registers: [registry],
    collect() {
      this.set(replicaReads.lagSeconds ?? Number.NaN);
    },
  });
  new Counter({
    name: 'stockyard_replica_reads_total',
    help: 'Heavy reads by where they went: replica, or the primary because the asker wrote since (own_write), the replica lagging, not answering (unavailable) or failing mid-read (failed)',
    labelNames: ['route'],
    registers: [registry],
    collect() {
      this.reset();
      for (const route of READ_ROUTES) this.inc({ route }, replicaReads.served.get(route) ?? 0);
    },
  });
}

let processMetrics: Registry | undefined;

/** The process's own figures (memory, CPU, event loop lag), collected once however many apps it builds. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'stockyard_' });
  }
  return processMetrics;
}
