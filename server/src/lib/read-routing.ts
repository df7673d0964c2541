import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { primaryReads, ReplicaReads } from '../db/read-replica';
import { recordWritePosition } from '../db/write-positions';

/**
 * READ_DATABASE_URL's database, READ_MAX_LAG, how often the replica is checked, and the primary's
 * connections that note write positions.
 */
export type ReadReplicaOptions = { db: Db; positions: Db; maxLagMs: number; pollMs?: number };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with `reads`: with a replica, heavy reads go to it when it may serve them, and
 * every signed-in write notes its WAL position before it is answered, so that the writer's next read,
 * from any process, waits for the replica to have it or goes to the primary. Answers the replica's
 * router, for the metrics.
 */
export function routeReads(app: FastifyInstance, primary: Db, replica?: ReadReplicaOptions): ReplicaReads | undefined {
  if (!replica) {
    app.decorate('reads', primaryReads(primary));
    return undefined;
  }
  const router = new ReplicaReads(primary, replica.db, { maxLagMs: replica.maxLagMs, pollMs: replica.pollMs ?? 1000 });
  app.decorate('reads', router.read);
  app.addHook('onReady', () => router.start());
  app.addHook('onClose', async () => router.stop());
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.auth || READS.has(request.method) || reply.statusCode >= 400) return payload;
    try {
      await recordWritePosition(replica.positions, request.auth.userId);
    } catch (error) {
      request.log.warn({ err: error }, 'The write position was not recorded; reads may be behind the write until the next.');
    }
    return payload;
  });
  return router;
}
