import type { Db, Tx } from '../db/client';
import { DEADLOCK_DETECTED, databaseErrorCode, SERIALIZATION_FAILURE } from './errors';

const MAX_ATTEMPTS = 5;

/**
 * Runs work in one transaction, again from the start when PostgreSQL aborts it under contention
 * (serialization failure or deadlock). Work must be safe to repeat: it only writes inside the
 * transaction, and stock POSTs carry idempotency keys.
 */
export async function runTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryOnContention(() => db.transaction(work));
}

/** Runs work (a transaction or a single statement) again when PostgreSQL aborted it under contention. */
export async function retryOnContention<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = databaseErrorCode(error);
      const isRetryable = code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
      if (!isRetryable || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
