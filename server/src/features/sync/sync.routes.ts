import {
  AddAttachmentsRequestSchema,
  AddAttachmentsResponseSchema,
  OpAttachmentsParamsSchema,
  PARKED_APPLIED,
  PARKED_DISCARDED,
  ParkedApplyRequestSchema,
  ParkedDiscardRequestSchema,
  ParkedListQuerySchema,
  ParkedListResponseSchema,
  ParkedResponseSchema,
  SyncRequestSchema,
  SyncResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { applyParked, discardParked, listParked } from './parked.service';
import { attachToOp, syncMovements } from './sync.service';

const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const move = { onRequest: authorize('stock:move') };
  const tags = ['sync'];

  app.post(
    '/api/sync/movements',
    // A batch of 200 ops is about 60 KB; the default body limit (1 MiB) leaves room for long reasons.
    { ...move, schema: { tags, body: SyncRequestSchema, response: { 200: SyncResponseSchema, ...errorResponses } } },
    async (request) => ({
      results: await syncMovements(app.db, authOf(request), request.body.ops, {
        offlineMaxAgeDays: app.offlineMaxAgeDays,
        timeZone: app.timeZone,
      }),
    }),
  );

  app.post(
    '/api/sync/ops/:opId/attachments',
    {
      ...move,
      schema: {
        tags,
        summary: 'Attach photos a phone queued with an op to the movement it became, however late they arrive',
        params: OpAttachmentsParamsSchema,
        body: AddAttachmentsRequestSchema,
        response: { 200: AddAttachmentsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await attachToOp(app.db, authOf(request), request.params.opId, request.body.attachments, requestKeyOf(request))),
  );

  app.get(
    '/api/sync/parked',
    { ...move, schema: { tags, querystring: ParkedListQuerySchema, response: { 200: ParkedListResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const result = await listParked(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  app.post(
    '/api/sync/parked/:id/apply',
    {
      ...move,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: ParkedApplyRequestSchema,
        response: { 200: ParkedResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: PARKED_APPLIED,
      parked: await applyParked(app.db, authOf(request), request.params.id, {
        ...request.body,
        timeZone: app.timeZone,
        offlineMaxAgeDays: app.offlineMaxAgeDays,
      }),
    }),
  );

  app.post(
    '/api/sync/parked/:id/discard',
    {
      ...move,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: ParkedDiscardRequestSchema,
        response: { 200: ParkedResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: PARKED_DISCARDED,
      parked: await discardParked(app.db, authOf(request), request.params.id, request.body.reason),
    }),
  );
};

export default syncRoutes;
