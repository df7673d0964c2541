import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { counterEffect, queryRows, storeFilter } from '../../db/sql';

export type ValuationRowRecord = {
  store_id: string;
  store_name: string;
  material_id: string;
  name: string;
  unit: string;
  /** numeric text */
  quantity: string;
  value: string;
  /** The value over the quantity, to 4 decimals; null when none is held. */
  average_cost: string | null;
  is_unvalued: boolean;
};

type ValuationQuery = { storeIds: string[] | null; storeId?: string; asOf: string; timeZone: string };

/** The end of a calendar day in the company's time zone. */
const endOf = (query: ValuationQuery) => sql`((${query.asOf}::date + 1)::timestamp at time zone ${query.timeZone})`;

/**
 * Each material's quantity and value in each store, summed from its ledger lines up to the end of
 * the day (a transit loss belongs to no store); what holds neither is left out.
 */
export function findValuationRows(db: DbOrTx, query: ValuationQuery): Promise<ValuationRowRecord[]> {
  return queryRows<ValuationRowRecord>(
    db,
    sql`with held as (
          select mv.store_id, mv.item_id, sum(${counterEffect('available_quantity', 'mv')}) as quantity,
                 coalesce(sum(mv.value) filter (where mv.kind <> 'transit_loss'), 0) as value
          from movements mv
          where mv.item_kind = 'material' and ${storeFilter(query.storeIds, sql`mv.store_id`)}
            ${query.storeId ? sql`and mv.store_id = ${query.storeId}` : sql``}
            and mv.occurred_at < ${endOf(query)}
          group by mv.store_id, mv.item_id
        )
        select h.store_id, s.name as store_name, h.item_id as material_id, m.name, m.unit, h.quantity, h.value::numeric(20, 2)::text as value,
               case when h.quantity > 0 then round(h.value / h.quantity, 4)::text end as average_cost,
               (h.quantity > 0 and h.value = 0) as is_unvalued
        from held h join stores s on s.id = h.store_id join materials m on m.id = h.item_id
        where h.quantity <> 0 or h.value <> 0
        order by s.name, s.id, lower(m.name), m.id`,
  );
}

/**
 * The value on its way at the end of the day between these stores and any other: what dispatches
 * sent, less what receipts took in and write-offs lost.
 */
export async function findValueInTransit(db: DbOrTx, query: ValuationQuery): Promise<string> {
  const inScope = (column: SQL) =>
    sql`(${storeFilter(query.storeIds, column)}${query.storeId ? sql` and ${column} = ${query.storeId}` : sql``})`;
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select coalesce(sum(case when mv.kind = 'transit_loss' then mv.value else -mv.value end), 0)::numeric(20, 2)::text as value
        from movements mv
        join transfer_lines l on l.id = mv.transfer_line_id
        join transfers t on t.id = l.transfer_id
        where mv.kind in ('transfer_out', 'store_transfer_in', 'transit_loss') and mv.item_kind = 'material'
          and mv.occurred_at < ${endOf(query)}
          and (${inScope(sql`t.from_store_id`)} or ${inScope(sql`t.to_store_id`)})`,
  );
  return row?.value ?? '0.00';
}
