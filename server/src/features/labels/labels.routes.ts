import { LabelSheetRequestSchema, ScanParamsSchema, ScanResponseSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, fileResponses, sendFile } from '../../lib/http';
import { labelSheet, scanLabel } from './labels.service';

const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['labels'];

  app.get(
    '/api/scan/:code',
    {
      onRequest: authorize('items:read'),
      schema: { tags, params: ScanParamsSchema, response: { 200: ScanResponseSchema, ...errorResponses } },
    },
    async (request) => scanLabel(app.db, authOf(request), request.params.code),
  );

  // Printing labels is for those who look after a store's items: admins and keepers.
  app.post(
    '/api/labels/sheet',
    { onRequest: authorize('items:create'), schema: { tags, body: LabelSheetRequestSchema, response: fileResponses('pdf') } },
    async (request, reply) =>
      sendFile(reply, {
        name: 'stockyard-labels.pdf',
        type: 'application/pdf',
        body: await labelSheet(app.db, authOf(request), request.body),
      }),
  );
};

export default labelsRoutes;
