import {
  CountCreateRequestSchema,
  CountLineParamsSchema,
  CountLineRequestSchema,
  CountLineResponseSchema,
  CountListQuerySchema,
  CountListResponseSchema,
  CountPostRequestSchema,
  CountResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { todayIn } from '../../lib/calendar';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile, withTotal } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { countSheetFileName, countSheetPdf } from './count-sheet-file';
import { cancelCount, enterCountLine, getCount, listCounts, postCount, startCount, submitCount } from './counts.service';

const tags = ['counts'];

const countsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: authorize('movements:read') };
  const count = { onRequest: authorize('stock:move') };

  app.get(
    '/api/counts',
    { ...read, schema: { tags, querystring: CountListQuerySchema, response: { 200: CountListResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const result = await listCounts(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  app.get(
    '/api/counts/:id',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: { 200: CountResponseSchema, ...errorResponses } } },
    async (request) => ({
      message: 'OK',
      count: await getCount(app.db, authOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/counts/:id/pdf',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const auth = authOf(request);
      const found = await getCount(app.db, auth, request.params.id);
      const made = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
      const pdf = countSheetPdf(found, made, printedTextsOf(request));
      return sendFile(reply, { name: countSheetFileName(found), type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );

  app.post(
    '/api/counts',
    { ...count, schema: { tags, body: CountCreateRequestSchema, response: { 201: CountResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await startCount(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/counts/:id/lines/:itemId',
    {
      ...count,
      schema: {
        tags,
        params: CountLineParamsSchema,
        body: CountLineRequestSchema,
        response: { 200: CountLineResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const line = { countId: request.params.id, itemId: request.params.itemId, ...request.body };
      return sendAnswer(reply, await enterCountLine(app.db, authOf(request), line, requestKeyOf(request)));
    },
  );

  app.post(
    '/api/counts/:id/submit',
    { ...count, schema: { tags, params: ByIdParamsSchema, response: { 200: CountResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await submitCount(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.post(
    '/api/counts/:id/post',
    {
      ...count,
      schema: { tags, params: ByIdParamsSchema, body: CountPostRequestSchema, response: { 200: CountResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await postCount(
          app.db,
          authOf(request),
          request.params.id,
          { reasons: request.body.reasons, today: todayIn(app.timeZone) },
          requestKeyOf(request),
        ),
      ),
  );

  app.post(
    '/api/counts/:id/cancel',
    { ...count, schema: { tags, params: ByIdParamsSchema, response: { 200: CountResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await cancelCount(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );
};

export default countsRoutes;
