import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { liveItemCount, queryPage, queryRows, storeFilter } from '../../db/sql';
import type { StockRowRecord, TrackSupplyRow } from './stock.presenter';

/** One store's live materials by name, a page at a time. */
export function findStockRows(db: DbOrTx, storeId: string, page: { limit: number; offset: number }) {
  return queryPage<StockRowRecord>(db, {
    rows: (pageTotal) => sql`select m.id, m.name, m.unit, m.category_name, m.size, m.available_quantity, s.name as store_name, m.created_at,
                ${pageTotal} as page_total
              from materials m join stores s on s.id = m.store_id
              where m.store_id = ${storeId} and m.deleted_at is null
              order by m.name, m.id
              limit ${page.limit} offset ${page.offset}`,
    count: liveItemCount('material', null, storeId),
    isCountALookup: true,
    ...page,
  });
}

/** Units available and live materials across the caller's stores, per unit. */
export async function findStockTotalsByUnit(db: DbOrTx, storeIds: string[] | null) {
  return queryRows<{ unit: string; total_available: number; materials: number }>(
    db,
    sql`select unit, coalesce(sum(available_quantity), 0)::bigint as total_available, count(*)::int as materials
        from materials where deleted_at is null and ${storeFilter(storeIds)}
        group by unit order by unit`,
  );
}

/** The caller's stores by name, a page at a time, each with its live materials' counters. */
export async function findTrackSupplyRows(db: DbOrTx, storeIds: string[] | null, page: { limit: number; offset: number }) {
  return queryPage<TrackSupplyRow>(db, {
    rows: () => sql`select s.id, s.name, s.location,
              (select json_agg(json_build_object(
                  'productName', m.name, 'damageStock', m.damaged_quantity, 'refundStock', m.refund_quantity,
                  'consumedStock', m.consumed_quantity,
                  'totalQuantity', m.total_quantity + m.restocked_quantity + m.transfer_quantity + m.adjusted_quantity)
                order by m.name)
               from materials m where m.store_id = s.id and m.deleted_at is null) as details
            from stores s where ${storeFilter(storeIds, sql`s.id`)}
            order by s.name, s.id
            limit ${page.limit} offset ${page.offset}`,
    count: sql`select count(*)::int as n from stores s where ${storeFilter(storeIds, sql`s.id`)}`,
    ...page,
  });
}
