import {
  REQUEST_ALREADY_OPEN,
  REQUEST_SENT,
  ReasonSchema,
  StockRequestApproveSchema,
  StockRequestCreateSchema,
  StockRequestListResponseSchema,
  StockRequestQuerySchema,
  StockRequestResponseSchema,
  TRANSFER_CANCELLED,
  TRANSFER_CLOSED,
  TRANSFER_CREATED,
  TRANSFER_DISPATCHED,
  TRANSFER_RECEIVED,
  TransferCreateSchema,
  TransferDetailResponseSchema,
  TransferListResponseSchema,
  TransferQuerySchema,
  TransferReceiveSchema,
  TransferResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { replyIdempotent } from '../../lib/idempotency';
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
} from './transfers.service';

const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => {
        const { request: sent, isNew } = await createRequest(tx, authOf(request), request.body);
        return isNew
          ? { status: 201 as const, body: { message: REQUEST_SENT, request: sent } }
          : { status: 200 as const, body: { message: REQUEST_ALREADY_OPEN, request: sent } };
      }),
  );

  app.post(
    '/api/stock-requests/:id/approve',
    { ...approve, schema: { tags: requestTags, params: ByIdParamsSchema, body: StockRequestApproveSchema, response: requestAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: {
          message: 'Request approved: a draft transfer is ready to dispatch.',
          request: await approveRequest(tx, authOf(request), request.params.id, request.body),
        },
      })),
  );

  app.post(
    '/api/stock-requests/:id/reject',
    { ...approve, schema: { tags: requestTags, params: ByIdParamsSchema, body: ReasonSchema, response: requestAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { message: 'Request rejected.', request: await rejectRequest(tx, authOf(request), request.params.id, request.body.reason) },
      })),
  );

  app.post(
    '/api/stock-requests/:id/cancel',
    { ...move, schema: { tags: requestTags, params: ByIdParamsSchema, response: requestAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { message: 'Request cancelled.', request: await cancelRequest(tx, authOf(request), request.params.id) },
      })),
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
    page: async (request, query, page) => {
      const { transfers, total } = await listTransfers(app.db, authOf(request), { ...query, ...page });
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
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 201 as const,
        body: {
          message: TRANSFER_CREATED,
          transfer: await createTransfer(tx, authOf(request), {
            fromStoreId: request.body.fromStoreId,
            toStoreId: request.body.toStoreId,
            lines: request.body.lines.map((line) => ({
              itemKind: line.materialId ? ('material' as const) : ('tool' as const),
              itemId: (line.materialId ?? line.toolId) as string,
              quantity: line.quantity,
            })),
          }),
        },
      })),
  );

  app.post(
    '/api/transfers/:id/dispatch',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, response: transferAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: { message: TRANSFER_DISPATCHED, transfer: await dispatchTransfer(tx, authOf(request), request.params.id, key) },
      })),
  );

  app.post(
    '/api/transfers/:id/receive',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, body: TransferReceiveSchema, response: transferAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: { message: TRANSFER_RECEIVED, transfer: await receiveTransfer(tx, authOf(request), request.params.id, request.body, key) },
      })),
  );

  app.post(
    '/api/transfers/:id/cancel',
    { ...move, schema: { tags: transferTags, params: ByIdParamsSchema, response: transferAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { message: TRANSFER_CANCELLED, transfer: await cancelTransfer(tx, authOf(request), request.params.id) },
      })),
  );

  app.post(
    '/api/transfers/:id/close',
    { ...approve, schema: { tags: transferTags, params: ByIdParamsSchema, body: ReasonSchema, response: transferAnswer } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { message: TRANSFER_CLOSED, transfer: await closeTransfer(tx, authOf(request), request.params.id, request.body.reason) },
      })),
  );
};

export default transfersRoutes;
