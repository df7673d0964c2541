import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  CustodyDueRequestSchema,
  CustodyListQuerySchema,
  CustodyListResponseSchema,
  CustodyResponseSchema,
  CustodyReturnRequestSchema,
  WorkerCreateRequestSchema,
  WorkerListQuerySchema,
  WorkerListResponseSchema,
  WorkerResponseSchema,
  WorkerUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile, withTotal } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { CUSTODY_COLUMNS, WORKER_COLUMNS } from './custody.csv';
import { changeDueAt, checkIn, checkOut, custodyRecordPdf, listCustody } from './custody.service';
import { createWorker, getWorker, listWorkers, updateWorker } from './workers.service';

/** Where files are kept when not in the database, for the signatures a custody record prints. */
const custodyRoutes: FastifyPluginAsyncZod<{ filesDir?: string }> = async (app, options) => {
  const workers = { onRequest: authorize('workers:manage') };
  const move = { onRequest: authorize('stock:move') };
  const tags = ['custody'];

  app.get(
    '/api/workers',
    { ...workers, schema: { tags, querystring: WorkerListQuerySchema, response: { 200: WorkerListResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const result = await listWorkers(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  registerCsvExport(app, {
    url: '/api/workers/csv',
    permission: 'workers:manage',
    tags,
    querystring: WorkerListQuerySchema,
    fileName: 'workers.csv',
    columns: WORKER_COLUMNS,
    page: async (request, query, page, db) => {
      const { workers, total } = await listWorkers(db, authOf(request), { ...query, ...page });
      return { rows: workers, total };
    },
  });

  app.get(
    '/api/workers/:id',
    { ...workers, schema: { tags, params: ByIdParamsSchema, response: { 200: WorkerResponseSchema, ...errorResponses } } },
    async (request) => ({ message: 'OK', worker: await getWorker(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/workers',
    { ...workers, schema: { tags, body: WorkerCreateRequestSchema, response: { 201: WorkerResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createWorker(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/workers/:id',
    {
      ...workers,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: WorkerUpdateRequestSchema,
        response: { 200: WorkerResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await updateWorker(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/custody',
    {
      onRequest: authorize('custody:read'),
      schema: { tags, querystring: CustodyListQuerySchema, response: { 200: CustodyListResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listCustody(app.db, authOf(request), request.query, app.timeZone);
      return withTotal(reply, result.total, result);
    },
  );

  app.get(
    '/api/custody/:id/pdf',
    { onRequest: authorize('custody:read'), schema: { tags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const auth = authOf(request);
      const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
      const { name, pdf } = await custodyRecordPdf(app.db, auth, request.params.id, {
        generated,
        texts: printedTextsOf(request),
        files: { dir: options.filesDir },
      });
      return sendFile(reply, { name, type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );

  registerCsvExport(app, {
    url: '/api/custody/csv',
    permission: 'custody:read',
    tags,
    querystring: CustodyListQuerySchema,
    fileName: 'tools-out.csv',
    columns: CUSTODY_COLUMNS,
    page: async (request, query, page, db) => {
      const { custody, total } = await listCustody(db, authOf(request), { ...query, ...page }, app.timeZone);
      return { rows: custody, total };
    },
  });

  app.post(
    '/api/tools/:id/checkout',
    {
      ...move,
      schema: { tags, params: ByIdParamsSchema, body: CheckoutRequestSchema, response: { 201: CheckoutResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await checkOut(app.db, authOf(request), request.params.id, request.body, {
          timeZone: app.timeZone,
          requestKey: requestKeyOf(request),
        }),
      ),
  );

  app.post(
    '/api/custody/:id/return',
    {
      ...move,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: CustodyReturnRequestSchema,
        response: { 200: CustodyResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await checkIn(app.db, authOf(request), request.params.id, request.body, {
          timeZone: app.timeZone,
          requestKey: requestKeyOf(request),
        }),
      ),
  );

  app.patch(
    '/api/custody/:id',
    {
      ...move,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: CustodyDueRequestSchema,
        response: { 200: CustodyResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await changeDueAt(app.db, authOf(request), request.params.id, request.body.dueAt, app.timeZone, requestKeyOf(request)),
      ),
  );
};

export default custodyRoutes;
