import { type SQL, sql } from 'drizzle-orm';
import { storeFilter } from './ledger';

/**
 * The number of live materials or tools in the caller's stores (and in `storeId` when given), read
 * from the trigger-kept `item_counts` rather than counted: an unfiltered list's total.
 */
export function liveItemCount(kind: 'material' | 'tool', storeIds: string[] | null, storeId?: string): SQL {
  return sql`select coalesce(sum(c.live), 0)::int as n from item_counts c
             where c.item_kind = ${kind} and ${storeFilter(storeIds, sql`c.store_id`)}
             ${storeId ? sql`and c.store_id = ${storeId}` : sql``}`;
}
