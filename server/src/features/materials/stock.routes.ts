import { PageQuerySchema, StockQuerySchema, StockRowSchema, StockTotalSchema, TrackSupplyStoreSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile, withTotal } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { listStock, listTrackSupplies, stockTotals, trackSuppliesDocument } from './stock.service';
import { trackSuppliesFileName } from './track-supplies-file';

const tags = ['stock'];

/** Read-only stock views: a store's stock rows and every store's per-material breakdown. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: authorize('items:read') };

  app.get(
    '/api/stock',
    { ...read, schema: { tags, querystring: StockQuerySchema, response: { 200: z.array(StockRowSchema), ...errorResponses } } },
    async (request, reply) => {
      const { rows, total } = await listStock(app.db, authOf(request), request.query);
      return withTotal(reply, total, rows);
    },
  );

  app.get('/api/stock/total', { ...read, schema: { tags, response: { 200: StockTotalSchema, ...errorResponses } } }, async (request) =>
    stockTotals(app.db, authOf(request)),
  );

  app.get(
    '/api/supply/track-supplies',
    {
      onRequest: authorize('deliveries:read'),
      schema: { tags, querystring: PageQuerySchema, response: { 200: z.array(TrackSupplyStoreSchema), ...errorResponses } },
    },
    async (request, reply) => {
      const { stores, total } = await listTrackSupplies(app.db, authOf(request), request.query);
      return withTotal(reply, total, stores);
    },
  );

  app.get(
    '/api/supply/track-supplies/:id/pdf',
    { onRequest: authorize('deliveries:read'), schema: { tags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const { store, pdf } = await trackSuppliesDocument(app.db, authOf(request), request.params.id, app.timeZone, printedTextsOf(request));
      return sendFile(reply, { name: trackSuppliesFileName(store), type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );
};

export default stockRoutes;
