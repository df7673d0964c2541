import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runTransaction } from '../../lib/transaction';
import { authOf } from '../auth/auth.hooks';

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

/**
 * Runs a stock-changing request in one transaction. With an Idempotency-Key, the first success
 * is stored with the change itself; a repeat from the same user (even one racing the first) gets
 * that answer back and changes nothing. A failure stores nothing, so a retry is judged afresh.
 */
export async function runIdempotent<T, S extends 200 | 201>(
  db: Db,
  request: FastifyRequest,
  work: (tx: Tx, key: string | undefined) => Promise<Answer<T, S>>,
): Promise<Answer<T, S>> {
  const key = idempotencyKeyOf(request);
  if (!key) return runTransaction(db, (tx) => work(tx, undefined));
  const userId = authOf(request).userId;
  const fingerprint = createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');

  return runTransaction(db, async (tx) => {
    // On PostgreSQL this insert waits for a concurrent holder of the same key to finish.
    const claimed = await queryRows<{ key: string }>(
      tx,
      sql`insert into idempotency_keys (user_id, key, fingerprint) values (${userId}, ${key}, ${fingerprint})
          on conflict do nothing returning key`,
    );
    if (claimed.length === 0) {
      const [stored] = await queryRows<{ fingerprint: string; status_code: S; response: T }>(
        tx,
        sql`select fingerprint, status_code, response from idempotency_keys where user_id = ${userId} and key = ${key}`,
      );
      if (!stored) throw new Error('idempotency key vanished');
      if (stored.fingerprint !== fingerprint) {
        throw new AppError('conflict', 'This Idempotency-Key was already used for a different request.');
      }
      return { status: stored.status_code, body: stored.response };
    }
    const answer = await work(tx, key);
    await tx.execute(
      sql`update idempotency_keys set status_code = ${answer.status}, response = ${JSON.stringify(answer.body)}::jsonb
          where user_id = ${userId} and key = ${key}`,
    );
    return answer;
  });
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
