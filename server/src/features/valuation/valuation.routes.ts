import { RevaluationRequestSchema, RevaluationResponseSchema, ValuationQuerySchema, ValuationResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { revalueStock, valueStock } from './valuation.service';

const tags = ['valuation'];

const valuationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/valuation',
    {
      onRequest: authorize('costs:read'),
      schema: { tags, querystring: ValuationQuerySchema, response: { 200: ValuationResponseSchema, ...errorResponses } },
    },
    async (request) => valueStock(app.db, authOf(request), request.query, { timeZone: app.timeZone, currency: app.currency }),
  );

  app.post(
    '/api/valuation/opening',
    {
      onRequest: authorize('costs:manage'),
      schema: { tags, body: RevaluationRequestSchema, response: { 200: RevaluationResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await revalueStock(app.db, authOf(request), request.body, requestKeyOf(request))),
  );
};

export default valuationRoutes;
