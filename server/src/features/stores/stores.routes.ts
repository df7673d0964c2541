import {
  ErrorResponseSchema,
  IdSchema,
  ListQuerySchema,
  MessageResponseSchema,
  StoreCreateRequestSchema,
  StoreListResponseSchema,
  StoreUpdateRequestSchema,
  StoreWriteResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { createStore, deleteStore, findStores, updateStore } from './stores.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const byId = z.object({ id: IdSchema });

const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores',
    {
      preHandler: authorize('stores:read'),
      schema: { tags: ['stores'], querystring: ListQuerySchema, response: { 200: StoreListResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { stores, total } = await findStores(app.db, authOf(request), request.query);
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return stores;
    },
  );

  const manage = { preHandler: authorize('stores:manage') };

  app.post(
    '/api/stores',
    { ...manage, schema: { tags: ['stores'], body: StoreCreateRequestSchema, response: { 201: StoreWriteResponseSchema, ...errors } } },
    async (request, reply) => {
      const store = await createStore(app.db, authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'Store created successfully!', store });
    },
  );

  app.put(
    '/api/stores/update/:id',
    {
      ...manage,
      schema: { tags: ['stores'], params: byId, body: StoreUpdateRequestSchema, response: { 200: StoreWriteResponseSchema, ...errors } },
    },
    async (request) => {
      const store = await updateStore(app.db, authOf(request).userId, request.params.id, request.body);
      return { message: 'Store updated successfully!', store };
    },
  );

  app.delete(
    '/api/stores/delete/:id',
    { ...manage, schema: { tags: ['stores'], params: byId, response: { 200: MessageResponseSchema, ...errors } } },
    async (request) => {
      await deleteStore(app.db, authOf(request).userId, request.params.id);
      return { message: 'Store deleted successfully!' };
    },
  );
};

export default storesRoutes;
