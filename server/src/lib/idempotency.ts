import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { findStoredAnswer, storeAnswer } from '../db/idempotency-keys';
import { authOf } from './auth/authorize';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from './errors';
import { retryOnContention, runTransaction } from './transaction';
import './fastify-context';

export type Answer<T, S extends 200 | 201 = 200 | 201> = { status: S; body: T };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, checked; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('bad_request', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  return key;
}

/** What makes two requests "the same": method, route, path parameters and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

/** The answer stored under a key, if any; a key reused for a different request is a 409. */
async function readStoredAnswer(db: Db, userId: string, key: string, fingerprint: string) {
  const stored = await findStoredAnswer(db, userId, key);
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint) throw new AppError('conflict', 'This Idempotency-Key was already used for a different request.');
  return stored;
}

/** Stores the answer under the caller's Idempotency-Key in the same statement as the movement. */
export type IdempotencyClaim = { userId: string; key: string; fingerprint: string; message: string };

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
  request: FastifyRequest,
  work: (tx: Tx, key: string | undefined) => Promise<Answer<T, S>>,
): Promise<Answer<T, S>> {
  const key = idempotencyKeyOf(request);
  if (!key) return runTransaction(db, (tx) => work(tx, undefined));
  const userId = authOf(request).userId;
  const fingerprint = fingerprintOf(request);
  const storedAnswer = async (): Promise<Answer<T, S> | undefined> => {
    const stored = await readStoredAnswer(db, userId, key, fingerprint);
    return stored ? { status: stored.status_code as S, body: stored.response as T } : undefined;
  };

  try {
    return await runTransaction(db, async (tx) => {
      const answer = await work(tx, key);
      if (!(await storeAnswer(tx, { userId, key, fingerprint, status: answer.status, body: answer.body }))) throw new KeyTakenError();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTakenError) && !(error instanceof AppError)) throw error;
    const stored = await storedAnswer();
    if (stored) return stored;
    throw error;
  }
}

/** Runs a stock-changing request idempotently and sends its answer. */
export async function replyIdempotent<T, S extends 200 | 201>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx, key: string | undefined) => Promise<Answer<T, S>>,
): Promise<FastifyReply> {
  const answer = await runIdempotent(request.server.db, request, work);
  // The route's response schema checks the body on the way out.
  return reply.status(answer.status).send(answer.body as never);
}

/**
 * A single stock movement: one statement moves the counter, appends the ledger row and, with an
 * Idempotency-Key, stores the answer (the moved row) under the key, so there is no transaction to
 * open or close. A key already stored makes the statement fail as a whole (its primary key), and the
 * first answer is presented again from the row it stored.
 */
export async function replyMovement<P, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    message: string;
    field: 'product' | 'tool';
    /** Presents the stored row of a replayed answer, as the first answer presented it. */
    present: (row: R) => P;
    move: (db: Db, claim: IdempotencyClaim | undefined) => Promise<P>;
  },
): Promise<FastifyReply> {
  const db = request.server.db;
  const key = idempotencyKeyOf(request);
  const claim = key ? { userId: authOf(request).userId, key, fingerprint: fingerprintOf(request), message: options.message } : undefined;
  try {
    const item = await retryOnContention(() => options.move(db, claim));
    return reply.send({ message: options.message, [options.field]: item } as never);
  } catch (error) {
    const isKeyTaken = databaseErrorCode(error) === UNIQUE_VIOLATION;
    if (!claim || (!isKeyTaken && !(error instanceof AppError))) throw error;
    const stored = await readStoredAnswer(db, claim.userId, claim.key, claim.fingerprint);
    if (!stored) throw error;
    const response = stored.response as { message: string; row?: R };
    const body = response.row ? { message: response.message, [options.field]: options.present(response.row) } : response;
    return reply.status(stored.status_code).send(body as never);
  }
}
