import { IDEMPOTENCY_KEY_REUSED } from '@stockyard/contract';
import type { Db, Tx } from '../db/client';
import { findStoredAnswer, storeAnswer } from '../db/idempotency-keys';
import { AppError } from './errors';
import { runTransaction } from './transaction';

export type Answer<T, S extends 200 | 201 = 200 | 201> = { status: S; body: T };

/** The answer stored under a key, if any; a key reused for a different request is a 409. */
export async function readStoredAnswer(db: Db, userId: string, key: string, fingerprint: string) {
  const stored = await findStoredAnswer(db, userId, key);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw new AppError('conflict', IDEMPOTENCY_KEY_REUSED);
  return stored;
}

/** A request's Idempotency-Key, with who sent it and what it asked: a service runs its work under it. */
export type RequestKey = { userId: string; key: string; fingerprint: string };

/** Stores the answer under the caller's Idempotency-Key in the same statement as the movement. */
export type IdempotencyClaim = RequestKey & { message: string };

/** Thrown inside the transaction when another request already stored an answer for the key: undo ours. */
class KeyTakenError extends Error {}

/**
 * Runs a stock-changing request in one transaction. With an Idempotency-Key, the first success is
 * stored with the change itself, as the transaction's last write; a repeat from the same user gets
 * that answer back and changes nothing. The key is claimed last so the common case costs one
 * statement: a repeat that raced the first (or was refused because the first already took the
 * stock) finds the stored key, its own work is rolled back, and the first answer is returned.
 * A failure stores nothing, so a retry after one is judged afresh.
 */
export async function runIdempotent<T, S extends 200 | 201>(
  db: Db,
  requestKey: RequestKey | undefined,
  work: (tx: Tx, key: string | undefined) => Promise<Answer<T, S>>,
): Promise<Answer<T, S>> {
  if (!requestKey) return runTransaction(db, (tx) => work(tx, undefined));
  const { userId, key, fingerprint } = requestKey;
  try {
    return await runTransaction(db, async (tx) => {
      const answer = await work(tx, key);
      if (!(await storeAnswer(tx, { userId, key, fingerprint, status: answer.status, body: answer.body }))) throw new KeyTakenError();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTakenError) && !(error instanceof AppError)) throw error;
    const stored = await readStoredAnswer(db, userId, key, fingerprint);
    if (stored) return { status: stored.status_code as S, body: stored.response as T };
    throw error;
  }
}
