import { RevaluationRequestSchema, RevaluationResponseSchema, ValuationQuerySchema, ValuationResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, fileResponses, printedTextsOf, sendFile } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { revalueStock, valueStock } from './valuation.service';
import { valuationCsv, valuationFileName, valuationPdf } from './valuation-files';

const tags = ['valuation'];

const valuationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/valuation',
    {
      onRequest: authorize('costs:read'),
      schema: { tags, querystring: ValuationQuerySchema, response: { 200: ValuationResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = authOf(request);
      return app.reads(auth.userId, (db) => valueStock(db, auth, request.query, { timeZone: app.timeZone, currency: app.currency }));
    },
  );

  for (const format of ['pdf', 'csv'] as const) {
    app.get(
      `/api/valuation/${format}`,
      { onRequest: authorize('costs:read'), schema: { tags, querystring: ValuationQuerySchema, response: fileResponses(format) } },
      async (request, reply) => {
        const auth = authOf(request);
        const valuation = await app.reads(auth.userId, (db) =>
          valueStock(db, auth, request.query, { timeZone: app.timeZone, currency: app.currency }),
        );
        const name = valuationFileName(valuation, format);
        if (format === 'csv') return sendFile(reply, { name, type: 'text/csv; charset=utf-8', body: valuationCsv(valuation) });
        const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
        const pdf = valuationPdf({ valuation, stores: storesNamed(valuation.rows), generated }, printedTextsOf(request));
        return sendFile(reply, { name, type: 'application/pdf', body: tablePdfStream(pdf) });
      },
    );
  }

  app.post(
    '/api/valuation/opening',
    {
      onRequest: authorize('costs:manage'),
      schema: { tags, body: RevaluationRequestSchema, response: { 200: RevaluationResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await revalueStock(app.db, authOf(request), request.body, requestKeyOf(request))),
  );
};

/** The stores a valuation covers, for its title: their names, the first three of many. */
function storesNamed(rows: { storeName: string }[]): string {
  const names = [...new Set(rows.map((row) => row.storeName))];
  return names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
}

export default valuationRoutes;
