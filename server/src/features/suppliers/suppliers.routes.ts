import {
  SupplierCreateRequestSchema,
  SupplierListQuerySchema,
  SupplierListResponseSchema,
  SupplierPricesRequestSchema,
  SupplierPricesResponseSchema,
  SupplierPricesSavedResponseSchema,
  SupplierResponseSchema,
  SupplierUpdateRequestSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { ByIdParamsSchema, errorResponses } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { createSupplier, listSuppliers, setSupplierPrices, supplierPrices, updateSupplier } from './suppliers.service';

const tags = ['suppliers'];

/** Suppliers and their price lists: admins keep them, keepers read them. */
const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: authorize('suppliers:read') };
  const manage = { onRequest: authorize('suppliers:manage') };

  app.get(
    '/api/suppliers',
    { ...read, schema: { tags, querystring: SupplierListQuerySchema, response: { 200: SupplierListResponseSchema, ...errorResponses } } },
    async (request) => listSuppliers(app.db, request.query),
  );

  app.post(
    '/api/suppliers',
    { ...manage, schema: { tags, body: SupplierCreateRequestSchema, response: { 201: SupplierResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createSupplier(app.db, authOf(request), request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/suppliers/:id',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: SupplierUpdateRequestSchema,
        response: { 200: SupplierResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await updateSupplier(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/api/suppliers/:id/prices',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: { 200: SupplierPricesResponseSchema, ...errorResponses } } },
    async (request) => supplierPrices(app.db, request.params.id),
  );

  app.put(
    '/api/suppliers/:id/prices',
    {
      ...manage,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: SupplierPricesRequestSchema,
        response: { 200: SupplierPricesSavedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await setSupplierPrices(app.db, authOf(request), request.params.id, request.body, requestKeyOf(request))),
  );
};

export default suppliersRoutes;
