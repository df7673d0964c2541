import {
  AddAttachmentsRequestSchema,
  AddAttachmentsResponseSchema,
  MovementListQuerySchema,
  MovementListResponseSchema,
  ReverseMovementRequestSchema,
  ReverseMovementResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { todayIn } from '../../lib/calendar';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { MOVEMENT_COLUMNS } from './movements.csv';
import { addAttachments, listMovements, reverseMovement } from './movements.service';

const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/movements',
    {
      onRequest: authorize('movements:read'),
      schema: {
        tags: ['movements'],
        querystring: MovementListQuerySchema,
        response: { 200: MovementListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await listMovements(app.db, authOf(request), request.query, app.timeZone);
      return result.next === undefined ? withTotal(reply, result.total, result) : result;
    },
  );

  registerCsvExport(app, {
    url: '/api/movements/csv',
    permission: 'movements:read',
    tags: ['movements'],
    querystring: MovementListQuerySchema.omit({ after: true }),
    fileName: 'movements.csv',
    columns: MOVEMENT_COLUMNS,
    page: async (request, query, page, db) => {
      const { movements, total } = await listMovements(db, authOf(request), { ...query, ...page }, app.timeZone);
      return { rows: movements, total };
    },
  });

  app.post(
    '/api/movements/:id/reverse',
    {
      onRequest: authorize('stock:move'),
      schema: {
        tags: ['movements'],
        params: ByIdParamsSchema,
        body: ReverseMovementRequestSchema,
        response: { 200: ReverseMovementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await reverseMovement(
          app.db,
          authOf(request),
          request.params.id,
          { ...request.body, today: todayIn(app.timeZone) },
          requestKeyOf(request),
        ),
      ),
  );

  app.post(
    '/api/movements/:id/attachments',
    {
      onRequest: authorize('stock:move'),
      schema: {
        tags: ['movements'],
        summary: 'Add photos or documents to a movement you recorded, within 24 hours of it reaching the server',
        params: ByIdParamsSchema,
        body: AddAttachmentsRequestSchema,
        response: { 200: AddAttachmentsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await addAttachments(app.db, authOf(request), request.params.id, request.body.attachments, requestKeyOf(request))),
  );
};

export default movementsRoutes;
