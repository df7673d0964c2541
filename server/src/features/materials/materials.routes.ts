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
  type Product,
  ProductMovementResponseSchema,
  ProductSchema,
  RefundMaterialRequestSchema,
  RemarksUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { replyIdempotent, replyMovement } from '../movements/idempotency';
import type { IdempotencyClaim } from '../movements/ledger';
import { findMaterials, presentProduct } from './materials.repository';
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

  const material = (message: string, move: (db: Db, claim: IdempotencyClaim | undefined) => Promise<Product>) => ({
    message,
    field: 'product' as const,
    present: presentProduct,
    move,
  });

  app.post(
    '/api/user/consume-stock',
    { ...move, schema: { tags, body: ConsumeMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { productId, quantity } = request.body;
      return replyMovement(
        request,
        reply,
        material('Stock issued successfully', (db, claim) =>
          moveMaterial(db, authOf(request), productId, { kind: 'issue', quantity }, claim),
        ),
      );
    },
  );

  app.post(
    '/api/user/add-damaged-stock',
    { ...move, schema: { tags, body: DamageMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { productId, damagedQuantity } = request.body;
      return replyMovement(
        request,
        reply,
        material('Damaged stock recorded successfully', (db, claim) =>
          moveMaterial(db, authOf(request), productId, { kind: 'damage', quantity: damagedQuantity }, claim),
        ),
      );
    },
  );

  app.post(
    '/api/user/refund-stock',
    { ...move, schema: { tags, body: RefundMaterialRequestSchema, ...movementResponse } },
    async (request, reply) => {
      const { productId, refundQuantity } = request.body;
      return replyMovement(
        request,
        reply,
        material('Stock returned successfully', (db, claim) =>
          moveMaterial(db, authOf(request), productId, { kind: 'return', quantity: refundQuantity }, claim),
        ),
      );
    },
  );

  for (const [url, kind, message] of [
    ['/api/user/add-restock-product', 'purchase', 'Material restocked successfully'],
    ['/api/user/transfer-stock', 'transfer_in', 'Stock transferred successfully'],
  ] as const) {
    app.post(url, { ...move, schema: { tags, body: NamedStockRequestSchema, ...movementResponse } }, async (request, reply) =>
      replyMovement(
        request,
        reply,
        material(message, (db, claim) => moveMaterialByName(db, authOf(request), request.body, kind, claim)),
      ),
    );
  }
};

export default materialsRoutes;
