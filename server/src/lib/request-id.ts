import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a load balancer or client may name a request by, and in which every answer names it. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An id taken as given: short, and nothing a log line or a header could be forged with. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A request's id: the X-Request-Id it came with when that is plain, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

/** Every answer carries its request's id, the one its log lines carry. */
export function sendRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
