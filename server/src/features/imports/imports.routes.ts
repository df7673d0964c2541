import { IMPORT_KINDS, ImportPreviewSchema, ImportRequestSchema, ImportResultSchema } from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { errorResponses, fileResponses, sendFile } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { importTemplate } from './import-template';
import { closeSpreadsheetThreads, previewImport, runImport } from './imports.service';

const tags = ['imports'];
const create = { onRequest: authorize('items:create') };
/** A 6 MB file in base64 with its JSON around it: the app's 1 MB body limit is for everything else. */
const bodyLimit = 9 * 1024 * 1024;

/** Materials and tools from a spreadsheet: preview, then an all-or-nothing import. */
const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', closeSpreadsheetThreads);
  app.post(
    '/api/imports/preview',
    { ...create, bodyLimit, schema: { tags, body: ImportRequestSchema, response: { 200: ImportPreviewSchema, ...errorResponses } } },
    async (request) => previewImport(app.db, authOf(request), request.body),
  );

  app.post(
    '/api/imports',
    { ...create, bodyLimit, schema: { tags, body: ImportRequestSchema, response: { 201: ImportResultSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await runImport(app.db, authOf(request), request.body, app.timeZone, requestKeyOf(request))),
  );

  app.get(
    '/api/imports/template',
    {
      ...create,
      schema: {
        tags,
        querystring: z.object({ kind: z.enum(IMPORT_KINDS), format: z.enum(['csv', 'xlsx']).default('csv') }),
        response: fileResponses('csv', 'xlsx'),
      },
    },
    async (request, reply) => sendFile(reply, await importTemplate(request.query.kind, request.query.format)),
  );
};

export default importsRoutes;
