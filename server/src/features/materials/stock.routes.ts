import { ErrorResponseSchema, IdSchema, StockRowSchema, TrackSupplyStoreSchema } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { authOf, authorize } from '../auth/auth.hooks';
import { storeScopeOf } from '../auth/auth.policy';
import { storeFilter } from '../movements/ledger';
import { resolveTargetStore } from '../stores/store-target';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['stock'];

/** Read-only stock views of SPEC.md: a store's stock rows and every store's per-material breakdown. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { preHandler: authorize('items:read') };

  app.get(
    '/api/stock',
    {
      ...read,
      schema: { tags, querystring: z.object({ storeId: IdSchema.optional() }), response: { 200: z.array(StockRowSchema), ...errors } },
    },
    async (request) => {
      const storeId = await resolveTargetStore(app.db, authOf(request), request.query.storeId);
      const rows = await queryRows<{
        id: string;
        name: string;
        unit: string;
        category_name: string;
        size: string;
        available_quantity: number;
        store_name: string;
        created_at: string | Date;
      }>(
        app.db,
        sql`select m.id, m.name, m.unit, m.category_name, m.size, m.available_quantity, s.name as store_name, m.created_at
            from materials m join stores s on s.id = m.store_id
            where m.store_id = ${storeId} and m.deleted_at is null
            order by m.name, m.id`,
      );
      return rows.map((row) => ({
        id: row.id,
        Material: { name: row.name, unit: row.unit },
        Category: { name: row.category_name },
        Size: { value: row.size },
        quantity: row.available_quantity,
        Store: { storeName: row.store_name },
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  );

  app.get(
    '/api/stock/total',
    { ...read, schema: { tags, response: { 200: z.object({ totalAvailable: z.number(), materials: z.number() }), ...errors } } },
    async (request) => {
      const [row] = await queryRows<{ total_available: number; materials: number }>(
        app.db,
        sql`select coalesce(sum(available_quantity), 0)::bigint as total_available, count(*)::int as materials
            from materials where deleted_at is null and ${storeFilter(storeScopeOf(authOf(request)))}`,
      );
      return { totalAvailable: row?.total_available ?? 0, materials: row?.materials ?? 0 };
    },
  );

  app.get(
    '/api/supply/track-supplies',
    { preHandler: authorize('deliveries:read'), schema: { tags, response: { 200: z.array(TrackSupplyStoreSchema), ...errors } } },
    async (request) => {
      const rows = await queryRows<{ id: string; name: string; location: string; details: TrackDetail[] | null }>(
        app.db,
        sql`select s.id, s.name, s.location,
              (select json_agg(json_build_object(
                  'productName', m.name, 'damageStock', m.damaged_quantity, 'refundStock', m.refund_quantity,
                  'consumedStock', m.consumed_quantity,
                  'totalQuantity', m.total_quantity + m.restocked_quantity + m.transfer_quantity + m.adjusted_quantity)
                order by m.name)
               from materials m where m.store_id = s.id and m.deleted_at is null) as details
            from stores s where ${storeFilter(storeScopeOf(authOf(request)), sql`s.id`)}
            order by s.name, s.id`,
      );
      return rows.map((row) => ({ _id: row.id, storeName: row.name, location: row.location, inventoryDetails: row.details ?? [] }));
    },
  );
};

type TrackDetail = { productName: string; damageStock: number; refundStock: number; consumedStock: number; totalQuantity: number };

export default stockRoutes;
