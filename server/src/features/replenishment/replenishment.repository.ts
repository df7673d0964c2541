import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { materials, reorderPoints } from '../../db/schema';
import { queryRows, type RowOf, storeFilter } from '../../db/sql';

/** Quantities read from their columns are numeric text; the sums below come as float8 numbers. */
export type ReorderRow = {
  min_qty: string;
  target_qty: string;
  pack_size: number;
  preferred_supplier_id: string | null;
  preferred_supplier_name: string | null;
};
export type LowStockLine = ReorderRow & {
  material_id: string;
  name: string;
  unit: string;
  store_id: string;
  store_name: string;
  available: string;
  in_transit: number;
  requested: number;
  on_order: number;
  target_gap: number;
  suggested: number;
  open_request_id: string | null;
  open_request_quantity: string | null;
};

/** A live material of the caller's stores, locked while its reorder point changes; undefined when none. */
export async function lockMaterial(tx: DbOrTx, id: string, storeIds: string[] | null): Promise<{ id: string } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    tx,
    sql`select id from materials where id = ${id} and deleted_at is null and ${storeFilter(storeIds)} for update`,
  );
  return row;
}

export async function findReorderPoint(db: DbOrTx, materialId: string): Promise<ReorderRow | undefined> {
  const [row] = await queryRows<ReorderRow>(
    db,
    sql`select r.min_qty, r.target_qty, r.pack_size, r.preferred_supplier_id, p.name as preferred_supplier_name
        from reorder_points r left join suppliers p on p.id = r.preferred_supplier_id where r.material_id = ${materialId}`,
  );
  return row;
}

export type ReorderValues = { minQty: number; targetQty: number; packSize: number; preferredSupplierId?: string | null | undefined };

export async function upsertReorderPoint(tx: DbOrTx, materialId: string, point: ReorderValues) {
  // A supplier left out stays as it was.
  const isSupplierGiven = point.preferredSupplierId !== undefined;
  const supplierId = point.preferredSupplierId ?? null;
  await tx.execute(
    // Whether it is low now (with what is on its way) is where it starts: only a movement that crosses the minimum notifies.
    sql`insert into reorder_points (material_id, min_qty, target_qty, pack_size, preferred_supplier_id, is_low)
        select ${materialId}, ${point.minQty}, ${point.targetQty}, ${point.packSize}, ${supplierId}::uuid,
               m.available_quantity + m.incoming_quantity <= ${point.minQty}
        from materials m where m.id = ${materialId}
        on conflict (material_id) do update set min_qty = excluded.min_qty, target_qty = excluded.target_qty,
                                                pack_size = excluded.pack_size, is_low = excluded.is_low, updated_at = now(),
                                                preferred_supplier_id = case when ${isSupplierGiven} then excluded.preferred_supplier_id
                                                                             else reorder_points.preferred_supplier_id end`,
  );
}

export async function deleteReorderPoint(tx: DbOrTx, materialId: string): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof reorderPoints>, 'material_id'>>(
    tx,
    sql`delete from reorder_points where material_id = ${materialId} returning material_id`,
  );
  return rows.length > 0;
}

/**
 * Live materials of the caller's stores whose available and incoming quantities are at or below
 * their minimum, the emptiest (against its minimum) first, each with what is on its way (split into
 * in transit and requested) and what to order: up to the target, rounded up to whole packs.
 */
export async function findLowStock(
  db: DbOrTx,
  query: { storeIds: string[] | null; storeId?: string; limit: number; offset: number },
): Promise<{ rows: LowStockLine[]; total: number }> {
  const rows = await queryRows<LowStockLine & { total: number }>(
    db,
    sql`select m.id as material_id, m.name, m.unit, m.store_id, s.name as store_name, m.available_quantity as available,
               coalesce(way.in_transit, 0)::float8 as in_transit, coalesce(way.requested, 0)::float8 as requested,
               r.min_qty, r.target_qty, r.pack_size, r.preferred_supplier_id, p.name as preferred_supplier_name,
               coalesce(ord.on_order, 0)::float8 as on_order,
               greatest(r.target_qty - m.available_quantity - m.incoming_quantity - coalesce(ord.on_order, 0), 0)::float8 as target_gap,
               greatest(ceil((r.target_qty - m.available_quantity - m.incoming_quantity - coalesce(ord.on_order, 0))::numeric / r.pack_size)
                        * r.pack_size, 0)::float8 as suggested,
               req.request_id as open_request_id, req.quantity as open_request_quantity,
               count(*) over ()::int as total
        from reorder_points r
        join materials m on m.id = r.material_id and m.deleted_at is null
        join stores s on s.id = m.store_id
        left join suppliers p on p.id = r.preferred_supplier_id
        left join lateral (
          select sum(l.quantity - l.received - l.damaged - l.lost) filter (where t.status <> 'draft') as in_transit,
                 sum(l.quantity) filter (where t.status = 'draft') as requested
          from transfer_lines l join transfers t on t.id = l.transfer_id
          where l.to_item_id = m.id and l.counts_incoming and t.status in ('draft', 'dispatched', 'partially_received')
        ) way on m.incoming_quantity > 0
        -- Ordered from suppliers (drafts included) and not arrived yet.
        left join lateral (
          select sum(greatest(l.quantity - l.received - l.damaged, 0)) as on_order
          from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
          where l.material_id = m.id and po.status in ('draft', 'ordered', 'partially_received')
        ) ord on true
        left join stock_request_lines req on req.material_id = m.id and req.is_open
        where m.available_quantity + m.incoming_quantity <= r.min_qty and ${storeFilter(query.storeIds, sql`m.store_id`)}
          ${query.storeId ? sql`and m.store_id = ${query.storeId}` : sql``}
        order by (m.available_quantity + m.incoming_quantity)::numeric / greatest(r.min_qty, 1), lower(m.name), m.id
        limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
