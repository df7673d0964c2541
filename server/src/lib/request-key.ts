import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_INVALID } from '@stockyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { authOf } from './auth/authorize';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from './errors';
import { type Answer, type IdempotencyClaim, type RequestKey, readStoredAnswer } from './idempotency';
import { retryOnContention } from './transaction';
import './fastify-context';

// The HTTP side of idempotency: what a route reads of a request, and how it sends a service's answer.

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, checked; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('bad_request', IDEMPOTENCY_KEY_INVALID);
  }
  return key;
}

/** Passwords stay out of a stored fingerprint: it is a fast hash, and the rest of the body can be known. */
const PASSWORD_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);

function withoutPasswords(field: string, value: unknown): unknown {
  return PASSWORD_FIELDS.has(field) ? undefined : value;
}

/** What makes two requests "the same": method, route, path parameters and body, passwords aside. */
function fingerprintOf(request: FastifyRequest): string {
  const body = JSON.stringify(request.body ?? null, withoutPasswords);
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${body}`)
    .digest('hex');
}

/** The request's key, for the service that runs the work; undefined when the request has none. */
export function requestKeyOf(request: FastifyRequest): RequestKey | undefined {
  const key = idempotencyKeyOf(request);
  return key ? { userId: authOf(request).userId, key, fingerprint: fingerprintOf(request) } : undefined;
}

/** Sends a service's answer with its status; the route's response schema checks the body on the way out. */
export function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): FastifyReply {
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
  const requestKey = requestKeyOf(request);
  const claim = requestKey ? { ...requestKey, message: options.message } : undefined;
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

/** Who is signing in or proving who they are: the address, the browser (for the Sessions page) and where to warn. */
export type SignInClient = { ip: string; userAgent?: string; log: { warn: (message: string) => void } };

export function signInClientOf(request: FastifyRequest): SignInClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'], log: request.log };
}
