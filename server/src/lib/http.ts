import { ErrorResponseSchema, IdSchema } from '@stockyard/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The error answers a route documents: every failure is `{message}` (see error-handler.ts). */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Path parameters of a route that names one record. */
export const ByIdParamsSchema = z.object({ id: IdSchema });

/** Sends a list page's total in `X-Total-Count` and returns the body. */
export function withTotal<T>(reply: FastifyReply, total: number, body: T): T {
  reply.header('X-Total-Count', String(total));
  return body;
}
