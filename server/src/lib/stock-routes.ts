import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { authOf, authorize } from './auth/authorize';
import type { AuthContext } from './auth/sessions';
import { errorResponses } from './http';
import type { Answer, IdempotencyClaim, RequestKey } from './idempotency';
import { replyMovement, requestKeyOf, sendAnswer } from './request-key';

/** One stock movement call: its path, its body, the message of its answer and the service call that records it. */
export type MovementRoute<P> = {
  url: string;
  body: z.ZodType;
  message: string;
  move: (db: Db, auth: AuthContext, body: never, claim: IdempotencyClaim | undefined) => Promise<P>;
};

/** Keeps a route's body type tied to its schema while routes of different bodies share one list. */
export function movementRoute<S extends z.ZodType, P>(route: {
  url: string;
  body: S;
  message: string;
  move: (db: Db, auth: AuthContext, body: z.output<S>, claim: IdempotencyClaim | undefined) => Promise<P>;
}): MovementRoute<P> {
  return route as MovementRoute<P>;
}

/**
 * Registers stock movement calls that answer `{message, [field]: item}`: each records one movement
 * in one statement, idempotently (see replyMovement), behind the `stock:move` permission.
 */
export function registerMovementRoutes<R, P>(
  app: FastifyInstance,
  options: {
    tags: string[];
    field: 'product' | 'tool';
    response: z.ZodType;
    present: (row: R, reader: AuthContext) => P;
    routes: MovementRoute<P>[];
  },
): void {
  for (const route of options.routes) {
    app.post(
      route.url,
      {
        onRequest: authorize('stock:move'),
        schema: { tags: options.tags, body: route.body, response: { 200: options.response, ...errorResponses } },
      },
      async (request, reply) =>
        replyMovement(request, reply, {
          message: route.message,
          field: options.field,
          present: (row: R) => options.present(row, authOf(request)),
          move: (db, claim) => route.move(db, authOf(request), request.body as never, claim),
        }),
    );
  }
}

/**
 * Registers calls that create an item with its opening stock, behind the `items:create` permission:
 * the service runs it in one transaction, idempotently, and answers 201 `{message, [field]: item}`.
 */
export function registerCreateRoutes<S extends z.ZodType>(
  app: FastifyInstance,
  options: {
    urls: string[];
    tags: string[];
    body: S;
    response: z.ZodType;
    create: (db: Db, auth: AuthContext, body: z.output<S>, requestKey: RequestKey | undefined) => Promise<Answer<unknown>>;
  },
): void {
  for (const url of options.urls) {
    app.post(
      url,
      {
        onRequest: authorize('items:create'),
        schema: { tags: options.tags, body: options.body, response: { 201: options.response, ...errorResponses } },
      },
      async (request, reply) =>
        sendAnswer(reply, await options.create(app.db, authOf(request), request.body as z.output<S>, requestKeyOf(request))),
    );
  }
}
