import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { runEvery } from '../../lib/every';
import { checkExpiry } from './expiry.service';

/** Runs the expiry check now and then every `everyMs`; returns a stop function. */
export function startExpiryCheck(db: Db, timeZone: string, everyMs: number, log: FastifyBaseLogger): () => Promise<void> {
  return runEvery(() => checkExpiry(db, timeZone), everyMs, log, 'The expiry check failed');
}
