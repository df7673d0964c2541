import {
  BatchListQuerySchema,
  BatchListResponseSchema,
  ConsumeMaterialRequestSchema,
  DamageMaterialRequestSchema,
  IdSchema,
  ListQuerySchema,
  MATERIAL_DAMAGED,
  MATERIAL_ISSUED,
  MATERIAL_RESTOCKED,
  MATERIAL_RETURNED,
  MATERIAL_TRANSFERRED,
  MaterialCreateRequestSchema,
  MaterialSettingsRequestSchema,
  MaterialUnitsRequestSchema,
  MaterialUpdateRequestSchema,
  MessageResponseSchema,
  NamedStockRequestSchema,
  ProductMovementResponseSchema,
  ProductSchema,
  RefundMaterialRequestSchema,
  RemarksUpdateRequestSchema,
  StockBatchListResponseSchema,
  StockBatchQuerySchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { todayIn } from '../../lib/calendar';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { movementRoute, registerCreateRoutes, registerMovementRoutes } from '../../lib/stock-routes';
import { MATERIAL_COLUMNS } from './materials.csv';
import { presentProduct } from './materials.presenter';
import {
  archiveMaterial,
  changeMaterialSettings,
  createMaterial,
  listBatches,
  listMaterials,
  listStockBatches,
  moveMaterial,
  moveMaterialByName,
  setMaterialUnits,
  setRemarks,
  updateMaterial,
} from './materials.service';

const ProductListQuerySchema = ListQuerySchema.extend({
  storeId: IdSchema.optional(),
  /** Shows each material that has a unit of this name in it. */
  unit: z.string().trim().min(1, 'unit must not be empty').max(50, 'unit must be at most 50 characters').optional(),
});
const tags = ['materials'];

const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The admin's list (/api/products) and the keeper's (/api/user/get-product) show the same rows.
  registerCsvExport(app, {
    url: '/api/products/csv',
    permission: 'items:read',
    tags,
    querystring: ProductListQuerySchema,
    fileName: 'materials.csv',
    columns: MATERIAL_COLUMNS,
    page: async (request, query, page, db) => {
      const { products, total } = await listMaterials(db, authOf(request), { ...query, ...page });
      return { rows: products, total };
    },
  });

  for (const url of ['/api/products', '/api/user/get-product']) {
    app.get(
      url,
      {
        onRequest: authorize('items:read'),
        schema: { tags, querystring: ProductListQuerySchema, response: { 200: z.array(ProductSchema), ...errorResponses } },
      },
      async (request, reply) => {
        const { products, total } = await listMaterials(app.db, authOf(request), request.query);
        return withTotal(reply, total, products);
      },
    );
  }

  registerCreateRoutes(app, {
    urls: ['/api/user/add-product'],
    tags,
    body: MaterialCreateRequestSchema,
    response: ProductMovementResponseSchema,
    create: (db, auth, body, requestKey) => createMaterial(db, auth, { ...body, today: todayIn(app.timeZone) }, requestKey),
  });

  app.put(
    '/api/products/update-product/:id',
    {
      onRequest: authorize('items:edit'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: MaterialUpdateRequestSchema,
        response: { 200: ProductMovementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await updateMaterial(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.patch(
    '/api/materials/:id',
    {
      onRequest: authorize('items:edit'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: MaterialSettingsRequestSchema,
        response: { 200: ProductMovementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await changeMaterialSettings(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/materials/:id/batches',
    {
      onRequest: authorize('items:read'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        querystring: BatchListQuerySchema,
        response: { 200: BatchListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listBatches(app.db, authOf(request), request.params.id, request.query, app.timeZone),
  );

  app.get(
    '/api/batches',
    {
      onRequest: authorize('items:read'),
      schema: { tags, querystring: StockBatchQuerySchema, response: { 200: StockBatchListResponseSchema, ...errorResponses } },
    },
    async (request) => listStockBatches(app.db, authOf(request), request.query, app.timeZone),
  );

  app.put(
    '/api/materials/:id/units',
    {
      onRequest: authorize('items:edit'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: MaterialUnitsRequestSchema,
        response: { 200: ProductMovementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await setMaterialUnits(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.delete(
    '/api/products/delete-product/:id',
    {
      onRequest: authorize('items:delete'),
      schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } },
    },
    async (request, reply) => sendAnswer(reply, await archiveMaterial(app.db, authOf(request), request.params.id, requestKeyOf(request))),
  );

  app.put(
    '/api/products/update-remarks/:id',
    {
      onRequest: authorize('items:remark'),
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: RemarksUpdateRequestSchema,
        response: { 200: ProductMovementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await setRemarks(app.db, authOf(request), request.params.id, request.body.remarks, requestKeyOf(request))),
  );

  registerMovementRoutes(app, {
    tags,
    field: 'product',
    response: ProductMovementResponseSchema,
    present: presentProduct,
    routes: [
      movementRoute({
        url: '/api/user/consume-stock',
        body: ConsumeMaterialRequestSchema,
        message: MATERIAL_ISSUED,
        move: (db, auth, body, claim) =>
          moveMaterial(db, auth, body.productId, { kind: 'issue', ...body, today: todayIn(app.timeZone) }, claim),
      }),
      movementRoute({
        url: '/api/user/add-damaged-stock',
        body: DamageMaterialRequestSchema,
        message: MATERIAL_DAMAGED,
        move: (db, auth, body, claim) =>
          moveMaterial(
            db,
            auth,
            body.productId,
            { kind: 'damage', ...body, quantity: body.damagedQuantity, today: todayIn(app.timeZone) },
            claim,
          ),
      }),
      movementRoute({
        url: '/api/user/refund-stock',
        body: RefundMaterialRequestSchema,
        message: MATERIAL_RETURNED,
        move: (db, auth, body, claim) =>
          moveMaterial(
            db,
            auth,
            body.productId,
            { kind: 'return', ...body, quantity: body.refundQuantity, today: todayIn(app.timeZone) },
            claim,
          ),
      }),
      movementRoute({
        url: '/api/user/add-restock-product',
        body: NamedStockRequestSchema,
        message: MATERIAL_RESTOCKED,
        move: (db, auth, body, claim) => moveMaterialByName(db, auth, { ...body, today: todayIn(app.timeZone) }, 'purchase', claim),
      }),
      movementRoute({
        url: '/api/user/transfer-stock',
        body: NamedStockRequestSchema,
        message: MATERIAL_TRANSFERRED,
        move: (db, auth, body, claim) => moveMaterialByName(db, auth, { ...body, today: todayIn(app.timeZone) }, 'transfer_in', claim),
      }),
    ],
  });
};

export default materialsRoutes;
