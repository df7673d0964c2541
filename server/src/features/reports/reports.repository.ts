import type { ReportRow } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

type Row = {
  id: string;
  name: string;
  category_name: string;
  material_name: string;
  size: string;
  unit: string;
  remarks: string | null;
  store_name: string;
  opening: number;
  purchases: number;
  transfers: number;
  issued: number;
  returned: number;
  damaged: number;
  adjusted: number;
  restock_day: string | null;
};

/**
 * One store's materials over calendar days [start, end] in a time zone, from the ledger alone:
 * the balance before the first day (plus opening stock recorded inside the range), each kind of
 * movement inside it, and the balance at the end of the last day. A material that did not exist
 * by the end, or was archived before the start without moving inside the range, is left out.
 */
export async function buildStoreReport(
  db: DbOrTx,
  input: { storeId: string; start: string; end: string; timeZone: string },
): Promise<ReportRow[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with bounds as (
          select (${input.start}::date::timestamp at time zone ${input.timeZone}) as s,
                 ((${input.end}::date + 1)::timestamp at time zone ${input.timeZone}) as e
        ),
        sums as (
          select mv.item_id,
            coalesce(sum(case when mv.kind in ('issue', 'damage') then -mv.quantity else mv.quantity end)
              filter (where mv.occurred_at < b.s or mv.kind = 'opening'), 0)::int as opening,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind in ('purchase', 'delivery')), 0)::int as purchases,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind = 'transfer_in'), 0)::int as transfers,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind = 'issue'), 0)::int as issued,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind = 'return'), 0)::int as returned,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind = 'damage'), 0)::int as damaged,
            coalesce(sum(mv.quantity) filter (where mv.occurred_at >= b.s and mv.kind = 'adjustment'), 0)::int as adjusted,
            max(mv.occurred_at) filter (where mv.occurred_at >= b.s and mv.kind in ('purchase', 'delivery')) as restock_at,
            bool_or(mv.occurred_at >= b.s) as moved_in_range
          from movements mv cross join bounds b
          where mv.store_id = ${input.storeId} and mv.item_kind = 'material' and mv.occurred_at < b.e
          group by mv.item_id
        )
        select m.id, m.name, m.category_name, m.material_name, m.size, m.unit, m.remarks, st.name as store_name,
               coalesce(x.opening, 0) as opening, coalesce(x.purchases, 0) as purchases, coalesce(x.transfers, 0) as transfers,
               coalesce(x.issued, 0) as issued, coalesce(x.returned, 0) as returned, coalesce(x.damaged, 0) as damaged,
               coalesce(x.adjusted, 0) as adjusted,
               to_char(x.restock_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as restock_day
        from materials m
        join stores st on st.id = m.store_id
        cross join bounds b
        left join sums x on x.item_id = m.id
        where m.store_id = ${input.storeId}
          and (m.created_at < b.e or x.item_id is not null)
          and (m.deleted_at is null or m.deleted_at >= b.s or coalesce(x.moved_in_range, false))
        order by lower(m.name), m.id`,
  );
  return rows.map((row) => {
    const consumed = row.issued - row.returned;
    return {
      materialId: row.id,
      name: row.name,
      categoryname: row.category_name,
      materialname: row.material_name,
      materialName: row.material_name,
      size: row.size,
      unit: row.unit,
      previousQuantity: row.opening,
      restockedQuantity: row.purchases,
      transferQuantity: row.transfers,
      consumedQuantity: consumed,
      damagedQuantity: row.damaged,
      refundQuantity: row.returned,
      currentAvailableQuantity: row.opening + row.purchases + row.transfers + row.adjusted - consumed - row.damaged,
      restockDate: row.restock_day,
      remarks: row.remarks,
      storeName: row.store_name,
    };
  });
}
