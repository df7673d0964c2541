import {
  INVENTORY_ENTRY_ADDED,
  INVENTORY_ENTRY_UPDATED,
  InventoryEntryRequestSchema,
  InventoryEntrySchema,
  ListQuerySchema,
  MessageResponseSchema,
  SUPPLY_ADDED,
  SUPPLY_UPDATED,
  SupplyRequestSchema,
  SupplySchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authorize } from '../../lib/auth/authorize';
import { registerCsvExport } from '../../lib/csv-export';
import { ByIdParamsSchema, errorResponses, fileResponses, printedTextsOf, sendFile, withTotal } from '../../lib/http';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { requestKeyOf, sendAnswer } from '../../lib/request-key';
import { userNameOf } from '../users/users.service';
import { DELIVERY_COLUMNS } from './deliveries.csv';
import { asInventoryEntry, asSupply, type DeliveryRecord } from './deliveries.presenter';
import { createDelivery, type DeliveryInput, deleteDelivery, deliveryNote, listDeliveries, updateDelivery } from './deliveries.service';

const tags = ['deliveries'];

/**
 * One concept, a supplier delivery, is called under two sets of names: the admin's inventory
 * entries and the keeper's supplies. Each set is one entry here; the calls behind them are the same.
 */
const flavours = [
  {
    list: '/api/all-inventory',
    create: '/api/add-inventory',
    update: '/api/update-inventory/:id',
    body: InventoryEntryRequestSchema,
    row: InventoryEntrySchema,
    field: 'entry',
    present: asInventoryEntry,
    toInput: ({ date, ...input }: z.output<typeof InventoryEntryRequestSchema>): DeliveryInput => ({ ...input, day: date }),
    created: INVENTORY_ENTRY_ADDED,
    updated: INVENTORY_ENTRY_UPDATED,
  },
  {
    list: '/api/supply/all',
    create: '/api/supply/add',
    update: '/api/supply/:id',
    body: SupplyRequestSchema,
    row: SupplySchema,
    field: 'supply',
    present: asSupply,
    toInput: ({ dateReceived, ...input }: z.output<typeof SupplyRequestSchema>): DeliveryInput => ({ ...input, day: dateReceived }),
    created: SUPPLY_ADDED,
    updated: SUPPLY_UPDATED,
  },
] as const;

/** Where files are kept when not in the database, for the photos a delivery note prints. */
const deliveriesRoutes: FastifyPluginAsyncZod<{ filesDir?: string }> = async (app, options) => {
  const read = { onRequest: authorize('deliveries:read') };
  const write = { onRequest: authorize('deliveries:write') };
  const contextOf = (request: Parameters<typeof authOf>[0]) => ({
    auth: authOf(request),
    timeZone: app.timeZone,
    offlineMaxAgeDays: app.offlineMaxAgeDays,
    requestKey: requestKeyOf(request),
  });

  for (const flavour of flavours) {
    const present = flavour.present as (record: DeliveryRecord) => unknown;
    const toInput = flavour.toInput as (body: unknown) => DeliveryInput;
    const answer = z.object({ message: z.string(), [flavour.field]: flavour.row });

    app.get(
      flavour.list,
      { ...read, schema: { tags, querystring: ListQuerySchema, response: { 200: z.array(flavour.row), ...errorResponses } } },
      async (request, reply) => {
        const { deliveries, total } = await listDeliveries(app.db, authOf(request), request.query);
        return withTotal(reply, total, deliveries.map(present) as never);
      },
    );

    registerCsvExport(app, {
      url: `${flavour.list}/csv`,
      permission: 'deliveries:read',
      tags,
      querystring: ListQuerySchema,
      fileName: 'supplies.csv',
      columns: DELIVERY_COLUMNS,
      page: async (request, query, page, db) => {
        const { deliveries, total } = await listDeliveries(db, authOf(request), { ...query, ...page }, true);
        return { rows: deliveries, total };
      },
    });

    app.post(
      flavour.create,
      { ...write, schema: { tags, body: flavour.body, response: { 201: answer, ...errorResponses } } },
      async (request, reply) =>
        sendAnswer(
          reply,
          await createDelivery(app.db, contextOf(request), toInput(request.body), {
            message: flavour.created,
            field: flavour.field,
            present,
          }),
        ),
    );

    app.put(
      flavour.update,
      { ...write, schema: { tags, params: ByIdParamsSchema, body: flavour.body, response: { 200: answer, ...errorResponses } } },
      async (request, reply) => {
        const answer = { message: flavour.updated, field: flavour.field, present };
        return sendAnswer(reply, await updateDelivery(app.db, contextOf(request), request.params.id, toInput(request.body), answer));
      },
    );
  }

  app.get(
    '/api/supply/:id/pdf',
    { ...read, schema: { tags, params: ByIdParamsSchema, response: fileResponses('pdf') } },
    async (request, reply) => {
      const auth = authOf(request);
      const generated = { at: new Date(), by: await userNameOf(app.db, auth.userId), timeZone: app.timeZone };
      const { name, pdf } = await deliveryNote(app.db, auth, request.params.id, {
        generated,
        texts: printedTextsOf(request),
        files: { dir: options.filesDir },
      });
      return sendFile(reply, { name, type: 'application/pdf', body: tablePdfStream(pdf) });
    },
  );

  app.delete(
    '/api/delete-inventory/:id',
    { ...write, schema: { tags, params: ByIdParamsSchema, response: { 200: MessageResponseSchema, ...errorResponses } } },
    async (request, reply) => sendAnswer(reply, await deleteDelivery(app.db, contextOf(request), request.params.id)),
  );
};

export default deliveriesRoutes;
