import {
  ConsumeMaterialRequestSchema,
  DamageMaterialRequestSchema,
  ErrorResponseSchema,
  IdSchema,
  ListQuerySchema,
  MaterialCreateRequestSchema,
  MaterialUpdateRequestSchema,
  MessageResponseSchema,
  NamedStockRequestSchema,
  ProductMovementResponseSchema,
  ProductSchema,
  RefundMaterialRequestSchema,
  RemarksUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { replyIdempotent } from '../movements/idempotency';
import { findMaterials } from './materials.repository';
import { archiveMaterial, createMaterial, moveMaterial, moveMaterialByName, setRemarks, updateMaterial } from './materials.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const byId = z.object({ id: IdSchema });
const ProductListQuerySchema = ListQuerySchema.extend({ storeId: IdSchema.optional() });
const tags = ['materials'];

const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: authorize('items:read') };
  const move = { preHandler: authorize('stock:move') };

  // SPEC.md's admin list (/api/products) and keeper list (/api/user/get-product) show the same rows.
  for (const url of ['/api/products', '/api/user/get-product']) {
    app.get(
      url,
      { ...read, schema: { tags, querystring: ProductListQuerySchema, response: { 200: z.array(ProductSchema), ...errors } } },
      async (request, reply) => {
        const { products, total } = await findMaterials(app.db, { storeIds: storeScopeOf(authOf(request)), ...request.query });
        if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
        return products;
      },
    );
  }

  app.post(
    '/api/user/add-product',
    {
      preHandler: authorize('items:create'),
      schema: {
        tags,
        body: MaterialCreateRequestSchema,
        response: { 201: ProductMovementResponseSchema, 200: ProductMovementResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 201 as const,
        body: { message: 'Product saved successfully!', product: await createMaterial(tx, authOf(request), request.body, key) },
      }));
    },
  );

  app.put(
    '/api/products/update-product/:id',
    {
      preHandler: authorize('items:edit'),
      schema: { tags, params: byId, body: MaterialUpdateRequestSchema, response: { 200: ProductMovementResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Product updated successfully!',
      product: await updateMaterial(app.db, authOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/products/delete-product/:id',
    { preHandler: authorize('items:delete'), schema: { tags, params: byId, response: { 200: MessageResponseSchema, ...errors } } },
    async (request) => {
      await archiveMaterial(app.db, authOf(request), request.params.id);
      return { message: 'Product deleted successfully!' };
    },
  );

  app.put(
    '/api/products/update-remarks/:id',
    {
      preHandler: authorize('items:remark'),
      schema: { tags, params: byId, body: RemarksUpdateRequestSchema, response: { 200: ProductMovementResponseSchema, ...errors } },
    },
    async (request) => ({
      message: 'Remarks updated successfully',
      product: await setRemarks(app.db, authOf(request), request.params.id, request.body.remarks),
    }),
  );

  const movementResponse = { response: { 200: ProductMovementResponseSchema, ...errors } };

  app.post(
    '/api/user/consume-stock',
    { ...move, schema: { tags, body: ConsumeMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Stock issued successfully',
          product: await moveMaterial(tx, authOf(request), request.body.productId, { kind: 'issue', quantity: request.body.quantity }, key),
        },
      }));
    },
  );

  app.post(
    '/api/user/add-damaged-stock',
    { ...move, schema: { tags, body: DamageMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Damaged stock recorded successfully',
          product: await moveMaterial(
            tx,
            authOf(request),
            request.body.productId,
            { kind: 'damage', quantity: request.body.damagedQuantity },
            key,
          ),
        },
      }));
    },
  );

  app.post(
    '/api/user/refund-stock',
    { ...move, schema: { tags, body: RefundMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Stock returned successfully',
          product: await moveMaterial(
            tx,
            authOf(request),
            request.body.productId,
            { kind: 'return', quantity: request.body.refundQuantity },
            key,
          ),
        },
      }));
    },
  );

  for (const [url, kind, message] of [
    ['/api/user/add-restock-product', 'purchase', 'Material restocked successfully'],
    ['/api/user/transfer-stock', 'transfer_in', 'Stock transferred successfully'],
  ] as const) {
    app.post(url, { ...move, schema: { tags, body: NamedStockRequestSchema, ...movementResponse } }, async (request, reply) => {
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: { message, product: await moveMaterialByName(tx, authOf(request), request.body, kind, key) },
      }));
    });
  }
};

export default materialsRoutes;
