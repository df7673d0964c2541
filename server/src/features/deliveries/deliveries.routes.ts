import {
  ErrorResponseSchema,
  IdSchema,
  InventoryEntryRequestSchema,
  InventoryEntrySchema,
  ListQuerySchema,
  MessageResponseSchema,
  SupplyRequestSchema,
  SupplySchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { replyIdempotent } from '../movements/idempotency';
import { type DeliveryRecord, findDeliveries } from './deliveries.repository';
import { createDelivery, deleteDelivery, updateDelivery } from './deliveries.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const byId = z.object({ id: IdSchema });
const tags = ['deliveries'];

/** SPEC.md names a delivery's day `date` on the admin's inventory entries and `dateReceived` on the keeper's supplies. */
function asInventoryEntry({ day, ...delivery }: DeliveryRecord) {
  return { ...delivery, date: day };
}
function asSupply({ day, ...delivery }: DeliveryRecord) {
  return { ...delivery, dateReceived: day };
}

const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: authorize('deliveries:read') };
  const write = { preHandler: authorize('deliveries:write') };
  const context = (request: Parameters<typeof authOf>[0], idempotencyKey?: string) => ({
    auth: authOf(request),
    timeZone: app.timeZone,
    idempotencyKey,
  });

  app.get(
    '/api/all-inventory',
    { ...read, schema: { tags, querystring: ListQuerySchema, response: { 200: z.array(InventoryEntrySchema), ...errors } } },
    async (request, reply) => {
      const { deliveries, total } = await findDeliveries(app.db, { storeIds: storeScopeOf(authOf(request)), ...request.query });
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return deliveries.map(asInventoryEntry);
    },
  );

  app.get(
    '/api/supply/all',
    { ...read, schema: { tags, querystring: ListQuerySchema, response: { 200: z.array(SupplySchema), ...errors } } },
    async (request, reply) => {
      const { deliveries, total } = await findDeliveries(app.db, { storeIds: storeScopeOf(authOf(request)), ...request.query });
      if (request.query.limit !== undefined) reply.header('X-Total-Count', String(total));
      return deliveries.map(asSupply);
    },
  );

  const entryResponse = z.object({ message: z.string(), entry: InventoryEntrySchema });
  const supplyResponse = z.object({ message: z.string(), supply: SupplySchema });

  app.post(
    '/api/add-inventory',
    { ...write, schema: { tags, body: InventoryEntryRequestSchema, response: { 201: entryResponse, ...errors } } },
    async (request, reply) => {
      const { date, ...input } = request.body;
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 201 as const,
        body: {
          message: 'Inventory entry added successfully!',
          entry: asInventoryEntry(await createDelivery(tx, context(request, key), { ...input, day: date })),
        },
      }));
    },
  );

  app.put(
    '/api/update-inventory/:id',
    { ...write, schema: { tags, params: byId, body: InventoryEntryRequestSchema, response: { 200: entryResponse, ...errors } } },
    async (request, reply) => {
      const { date, ...input } = request.body;
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Inventory entry updated successfully!',
          entry: asInventoryEntry(await updateDelivery(tx, context(request, key), request.params.id, { ...input, day: date })),
        },
      }));
    },
  );

  app.delete(
    '/api/delete-inventory/:id',
    { ...write, schema: { tags, params: byId, response: { 200: MessageResponseSchema, ...errors } } },
    async (request, reply) =>
      replyIdempotent(request, reply, async (tx, key) => {
        await deleteDelivery(tx, context(request, key), request.params.id);
        return { status: 200 as const, body: { message: 'Inventory entry deleted successfully!' } };
      }),
  );

  app.post(
    '/api/supply/add',
    { ...write, schema: { tags, body: SupplyRequestSchema, response: { 201: supplyResponse, ...errors } } },
    async (request, reply) => {
      const { dateReceived, ...input } = request.body;
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 201 as const,
        body: {
          message: 'Supply added successfully',
          supply: asSupply(await createDelivery(tx, context(request, key), { ...input, day: dateReceived })),
        },
      }));
    },
  );

  app.put(
    '/api/supply/:id',
    { ...write, schema: { tags, params: byId, body: SupplyRequestSchema, response: { 200: supplyResponse, ...errors } } },
    async (request, reply) => {
      const { dateReceived, ...input } = request.body;
      return replyIdempotent(request, reply, async (tx, key) => ({
        status: 200 as const,
        body: {
          message: 'Supply updated successfully',
          supply: asSupply(await updateDelivery(tx, context(request, key), request.params.id, { ...input, day: dateReceived })),
        },
      }));
    },
  );
};

export default deliveriesRoutes;
