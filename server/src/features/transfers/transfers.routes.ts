import {
  ReasonSchema,
  StockRequestApproveSchema,
  StockRequestCreateSchema,
  StockRequestListResponseSchema,
  StockRequestQuerySchema,
  StockRequestResponseSchema,
  TransferCreateSchema,
  TransferDetailResponseSchema,
  TransferDispatchSchema,
  TransferListResponseSchema,
  TransferQuerySchema,
  TransferReceiveSchema,
  TransferResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { todayIn } from '../../lib/calendar';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile, withTotal } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { approveRequest, cancelRequest, createRequest, getRequest, listRequests, rejectRequest } from './requests.service';
import { TRANSFER_LINE_COLUMNS, transferLineRows } from './transfers.csv';
import {
  cancelTransfer,
  closeTransfer,
  createTransfer,
  dispatchTransfer,
  getTransfer,
  listTransfers,
  receiveTransfer,
  transferNote,
} from './transfers.service';

/** Where files are kept when not in the database, for the photos a transfer note prints. */
const transfersRoutes: FastifyPluginAsyncZod<{ filesDir?: string }> = async (app, options) => {
  const read = { onRequest: authorize('movements:read') };
  const move = { onRequest: authorize('stock:move') };
  const approve = { onRequest: authorize('transfers:approve') };
  const requestAnswer = { 200: StockRequestResponseSchema, ...errorResponses };
  const transferAnswer = { 200: TransferResponseSchema, ...errorResponses };
  const requestTags = ['stock requests'];
  const transferTags = ['transfers'];

  app.get(
    '/api/stock-requests',
    {
      ...read,
      schema: {
        tags: requestTags,
        querystring: StockRequestQuerySchema,
        response: { 200: StockRequestListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await listRequests(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  app.get(
    '/api/stock-requests/:id',
    { ...read, schema: { tags: requestTags, params: ByIdParamsSchema, response: requestAnswer } },
    async (request) => ({
      message: 'OK',
      request: await getRequest(app.db, authOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/stock-requests',
    {
      ...move,
      schema: { tags: requestTags, body: StockRequestCreateSchema, response: { 201: StockRequestResponseSchema, ...requestAnswer } },
    },
    async (request, reply) => sendAnswer(reply, await createRequest(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/stock-requests/:id/approve',
    { ...approve, schema: { tags: requestTags, params: ByIdParamsSchema, body: StockRequestApproveSchema, response: requestAnswer } },
    async (request, reply) =>
      sendAnswer(reply, await approveRequest(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/stock-requests/:id/reject',
    { ...approve, schema: { tags: requestTags, params: ByIdParamsSchema, body: ReasonSchema, response: requestAnswer } },
    async (request, reply) =>
      sendAnswer(reply, await rejectRequest(app.db, authOf(request), request.params.id, request.body.reason, requestKeyOf(request))),
  );

  app.post(
    '/api/stock-requests/:id/cancel',
    { ...move, schema: { tags: requestTags, params: ByIdParamsSchema, response: requestAnswer } },
    async (request, reply) => sendAnswer(reply, await cancelRequest(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.get(
    '/api/transfers',
    {
      ...read,
      schema: { tags: transferTags, querystring: TransferQuerySchema, response: { 200: TransferListResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listTransfers(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  registerCsvExport(app, {
    url: '/api/transfers/csv',
    permission: 'movements:read',
    tags: transferTags,
    querystring: TransferQuerySchema,
    fileName: 'transfers.csv',
    columns: TRANSFER_LINE_COLUMNS,
    page: async (request, query, page, db) => {
      const { transfers, total } = await listTransfers(db, authOf(request), { ...query, ...page });
      return { rows: transferLineRows(transfers), total };
    },
  });

  app.get(
    '/api/transfers/:id',
    {
      ...read,
      schema: { tags: transferTags, params: ByIdParamsSchema, response: { 200: TransferDetailResponseSchema, ...errorResponses } },
    },
    async (request) => ({ message: 'OK', ...(await getTransfer(app.db, authOf(request), request.params.id)) }),
  );

  app.post(
    '/api/transfers',
    { ...move, schema: { tags: transferTags, body: TransferCreateSchema, response: { 201: TransferResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createTransfer(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/transfers/:id/pdf',
    { ...read, schema: { tags: transferTags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const auth = authOf(request);
      const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
      const { name, pdf } = await transferNote(app.db, auth, request.params.id, {
        generated,
        texts: printedTextsOf(request),
        files: { dir: options.filesDir },
      });
      return sendFile(reply, { name, type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );

  app.post(
    '/api/transfers/:id/dispatch',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, body: TransferDispatchSchema.nullish(), response: transferAnswer } },
    async (request, reply) =>
      sendAnswer(
        reply,
        await dispatchTransfer(
          app.db,
          authOf(request),
          request.params.id,
          { ...request.body, today: todayIn(app.timeZone) },
          requestKeyOf(request),
        ),
      ),
  );

  app.post(
    '/api/transfers/:id/receive',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, body: TransferReceiveSchema, response: transferAnswer } },
    async (request, reply) =>
      sendAnswer(
        reply,
        await receiveTransfer(
          app.db,
          authOf(request),
          request.params.id,
          { ...request.body, today: todayIn(app.timeZone) },
          requestKeyOf(request),
        ),
      ),
  );

  app.post(
    '/api/transfers/:id/cancel',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, response: transferAnswer } },
    async (request, reply) => sendAnswer(reply, await cancelTransfer(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.post(
    '/api/transfers/:id/close',
    { ...approve, schema: { tags: transferTags, params: ByIdParamsSchema, body: ReasonSchema, response: transferAnswer } },
    async (request, reply) =>
      sendAnswer(reply, await closeTransfer(app.db, authOf(request), request.params.id, request.body.reason, requestKeyOf(request))),
  );
};

export default transfersRoutes;
