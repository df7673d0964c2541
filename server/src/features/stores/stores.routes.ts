import {
  GeofenceResponseSchema,
  GeofenceSchema,
  ListQuerySchema,
  MessageResponseSchema,
  StoreCreateRequestSchema,
  StoreListResponseSchema,
  StoreLockRequestSchema,
  StoreUnlockRequestSchema,
  StoreUpdateRequestSchema,
  StoreWriteResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, withTotal } from '../../lib/http';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { STORE_COLUMNS } from './stores.csv';
import { createStore, deleteStore, listStores, lockStore, setGeofence, unlockStore, updateStore } from './stores.service';

const tags = ['stores'];

const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores',
    {
      onRequest: authorize('stores:read'),
      schema: { tags, querystring: ListQuerySchema, response: { 200: StoreListResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { stores, total } = await listStores(app.db, authOf(request), request.query);
      return withTotal(reply, total, stores);
    },
  );

  registerCsvExport(app, {
    url: '/api/stores/csv',
    permission: 'stores:read',
    tags,
    querystring: ListQuerySchema,
    fileName: 'stores.csv',
    columns: STORE_COLUMNS,
    page: async (request, query, page, db) => {
      const { stores, total } = await listStores(db, authOf(request), { ...query, ...page });
      return { rows: stores, total };
    },
  });

  const manage = { onRequest: authorize('stores:manage') };

  app.post(
    '/api/stores',
    { ...manage, schema: { tags, body: StoreCreateRequestSchema, response: { 201: StoreWriteResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await createStore(app.db, authOf(request).userId, request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/stores/update/:id',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: StoreUpdateRequestSchema,
        response: { 200: StoreWriteResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await updateStore(app.db, authOf(request).userId, request.params.id, request.body, requestKeyOf(request))),
  );

  app.put(
    '/api/stores/:id/lock',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: StoreLockRequestSchema,
        response: { 200: StoreWriteResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await lockStore(app.db, authOf(request).userId, request.params.id, request.body.throughDate, app.timeZone, requestKeyOf(request)),
      ),
  );

  app.delete(
    '/api/stores/:id/lock',
    {
      ...manage,
      schema: {
        tags,
        params: ByIdParamsSchema,
        body: StoreUnlockRequestSchema,
        response: { 200: StoreWriteResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await unlockStore(app.db, authOf(request).userId, request.params.id, request.body.reason, requestKeyOf(request))),
  );

  app.put(
    '/api/stores/:id/geofence',
    {
      ...manage,
      schema: { tags, params: ByIdParamsSchema, body: GeofenceSchema, response: { 200: GeofenceResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendAnswer(reply, await setGeofence(app.db, authOf(request).userId, request.params.id, request.body, requestKeyOf(request))),
  );

  app.delete(
    '/api/stores/:id/geofence',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: GeofenceResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await setGeofence(app.db, authOf(request).userId, request.params.id, null, requestKeyOf(request))),
  );

  app.delete(
    '/api/stores/delete/:id',
    { ...manage, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      sendAnswer(reply, await deleteStore(app.db, authOf(request).userId, request.params.id, requestKeyOf(request))),
  );
};

export default storesRoutes;
