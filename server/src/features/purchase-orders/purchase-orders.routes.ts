import {
  OrderFromLowStockRequestSchema,
  OrderFromLowStockResponseSchema,
  PurchaseOrderCreateRequestSchema,
  PurchaseOrderListQuerySchema,
  PurchaseOrderListResponseSchema,
  PurchaseOrderReasonRequestSchema,
  PurchaseOrderResponseSchema,
  PurchaseOrderSchema,
  PurchaseReceiptListResponseSchema,
  PurchaseReceiptRequestSchema,
  PurchaseReceiptResponseSchema,
  SupplierReturnRequestSchema,
  SupplierReturnResponseSchema,
} from '@stockyard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { orderFromLowStock } from './low-stock-orders.service';
import { purchaseOrderFileName, purchaseOrderPdf } from './purchase-order-file';
import {
  cancelOrder,
  closeOrder,
  createOrder,
  getOrder,
  listOrders,
  listReceipts,
  placeOrder,
  receiveOrder,
} from './purchase-orders.service';
import { returnToSupplier } from './supplier-returns.service';

const tags = ['purchase-orders'];

/** Orders to suppliers and what arrives against them: admins, and the keepers of the order's store. */
const purchaseOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: authorize('purchases:read') };
  const order = { onRequest: authorize('purchases:order') };
  const answered = { 200: PurchaseOrderResponseSchema, ...errorResponses };
  /** Who receives or returns goods, and the rules of the day they date it. */
  const receiving = (request: FastifyRequest) => ({
    auth: authOf(request),
    timeZone: app.timeZone,
    offlineMaxAgeDays: app.offlineMaxAgeDays,
  });

  app.get(
    '/api/purchase-orders',
    {
      ...read,
      schema: { tags, querystring: PurchaseOrderListQuerySchema, response: { 200: PurchaseOrderListResponseSchema, ...errorResponses } },
    },
    async (request) => listOrders(app.db, authOf(request), request.query),
  );

  app.get(
    '/api/purchase-orders/:id',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: { 200: PurchaseOrderSchema, ...errorResponses } } },
    async (request) => getOrder(app.db, authOf(request), request.params.id),
  );

  app.get(
    '/api/purchase-orders/:id/receipts',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: { 200: PurchaseReceiptListResponseSchema, ...errorResponses } } },
    async (request) => listReceipts(app.db, authOf(request), request.params.id),
  );

  app.get(
    '/api/purchase-orders/:id/pdf',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const auth = authOf(request);
      const found = await getOrder(app.db, auth, request.params.id);
      const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
      const pdf = purchaseOrderPdf(found, { currency: app.currency, generated }, printedTextsOf(request));
      return sendFile(reply, { name: purchaseOrderFileName(found), type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );

  app.post(
    '/api/purchase-orders',
    {
      ...order,
      schema: { tags, body: PurchaseOrderCreateRequestSchema, response: { 201: PurchaseOrderResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await createOrder(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/purchase-orders/from-low-stock',
    {
      ...order,
      schema: { tags, body: OrderFromLowStockRequestSchema, response: { 201: OrderFromLowStockResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await orderFromLowStock(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/purchase-orders/:id/order',
    { ...order, schema: { tags, params: ByIdParamsSchema, response: answered } },
    async (request, reply) =>
      sendAnswer(
        reply,
        await placeOrder(app.db, {
          auth: authOf(request),
          id: request.params.id,
          requestKey: requestKeyOf(request),
          mailsSupplier: app.mailsSuppliers,
        }),
      ),
  );

  for (const [action, change] of [
    ['cancel', cancelOrder],
    ['close', closeOrder],
  ] as const) {
    app.post(
      `/api/purchase-orders/:id/${action}`,
      { ...order, schema: { tags, params: ByIdParamsSchema, body: PurchaseOrderReasonRequestSchema, response: answered } },
      async (request, reply) =>
        sendAnswer(
          reply,
          await change(app.db, {
            auth: authOf(request),
            id: request.params.id,
            reason: request.body.reason,
            requestKey: requestKeyOf(request),
          }),
        ),
    );
  }

  app.post(
    '/api/purchase-orders/:id/receipts',
    {
      onRequest: authorize('purchases:receive'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: PurchaseReceiptRequestSchema,
        response: { 201: PurchaseReceiptResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await receiveOrder(app.db, receiving(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.post(
    '/api/supplier-returns',
    {
      onRequest: authorize('purchases:receive'),
      schema: { tags, body: SupplierReturnRequestSchema, response: { 201: SupplierReturnResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await returnToSupplier(app.db, receiving(request), request.body, requestKeyOf(request))),
  );
};

export default purchaseOrdersRoutes;
