import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { todayIn } from '../../lib/calendar';
import { runEvery } from '../../lib/every';
import { runTransaction } from '../../lib/transaction';
import { notifyDueSoon, tryDueCheckLock } from './tool-units.repository';
import { DUE_SOON_DAYS } from './tool-units.service';

/**
 * Tells keepers of units that came within DUE_SOON_DAYS of a due day, once per due day: under a
 * transaction-scoped advisory lock, so of several processes one checks at a time (and the marking
 * UPDATE tells once even without it). Answers how many unit plans it told of, or null when another
 * process held the lock.
 */
export async function checkServiceDue(db: Db, timeZone: string): Promise<number | null> {
  return runTransaction(db, async (tx) => {
    if (!(await tryDueCheckLock(tx))) return null;
    return notifyDueSoon(tx, { today: todayIn(timeZone), withinDays: DUE_SOON_DAYS });
  });
}

/** Runs the due-soon check now and then every `everyMs`; returns a stop function. */
export function startServiceDueCheck(db: Db, timeZone: string, everyMs: number, log: FastifyBaseLogger): () => Promise<void> {
  return runEvery(() => checkServiceDue(db, timeZone), everyMs, log, 'The service due check failed');
}
