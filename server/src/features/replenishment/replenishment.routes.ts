import {
  LowStockQuerySchema,
  LowStockResponseSchema,
  MessageResponseSchema,
  NOTIFICATION_READ,
  NOTIFICATIONS_ALL_READ,
  NotificationListResponseSchema,
  REORDER_POINT_SAVED,
  ReorderRequestSchema,
  ReorderResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { LOW_STOCK_COLUMNS } from './low-stock.csv';
import { listNotifications, readNotification } from './notifications.service';
import { getReorderPoint, listLowStock, removeReorderPoint, setReorderPoint } from './replenishment.service';

const replenishmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['replenishment'];
  const manage = { onRequest: authorize('stock:move') };

  app.get(
    '/api/materials/:id/reorder',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: ReorderResponseSchema, ...errorResponses } } },
    async (request) => ({
      message: 'OK',
      reorder: await getReorderPoint(app.db, authOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/materials/:id/reorder',
    {
      ...manage,
      schema: { tags, params: ByIdParamsSchema, body: ReorderRequestSchema, response: { 200: ReorderResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      message: REORDER_POINT_SAVED,
      reorder: await setReorderPoint(app.db, authOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/materials/:id/reorder',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await removeReorderPoint(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  const own = { onRequest: authorize('account:notifications') };
  app.get(
    '/api/notifications',
    { ...own, schema: { tags, response: { 200: NotificationListResponseSchema, ...errorResponses } } },
    async (request) => listNotifications(app.db, authOf(request)),
  );

  app.post(
    '/api/notifications/:id/read',
    { ...own, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request) => {
      await readNotification(app.db, authOf(request), request.params.id);
      return { message: NOTIFICATION_READ };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { ...own, schema: { tags, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request) => {
      await readNotification(app.db, authOf(request), null);
      return { message: NOTIFICATIONS_ALL_READ };
    },
  );

  app.get(
    '/api/low-stock',
    {
      onRequest: authorize('items:read'),
      schema: { tags, querystring: LowStockQuerySchema, response: { 200: LowStockResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const result = await listLowStock(app.db, authOf(request), request.query);
      return withTotal(reply, result.total, result);
    },
  );

  registerCsvExport(app, {
    url: '/api/low-stock/csv',
    permission: 'items:read',
    tags,
    querystring: LowStockQuerySchema,
    fileName: 'low-stock.csv',
    columns: LOW_STOCK_COLUMNS,
    page: async (request, query, page, db) => listLowStock(db, authOf(request), { ...query, ...page }),
  });
};

export default replenishmentRoutes;
