import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids of the ledger lines a supplier delivery wrote: its receipt and any correction of it, found
 * by `movements_delivery_idx` rather than through its material's whole history.
 */
export function deliveryLineIdsOf(deliveryId: SQL): SQL {
  return sql`select mv.id from movements mv where mv.delivery_id = ${deliveryId} and mv.kind = 'delivery'`;
}
