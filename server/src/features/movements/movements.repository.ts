import type { Movement } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { storeFilter } from './ledger';

type MovementRow = {
  id: string;
  store_id: string;
  store_name: string;
  item_kind: Movement['itemKind'];
  item_id: string;
  item_name: string | null;
  kind: Movement['kind'];
  quantity: number;
  occurred_at: string | Date;
  recorded_at: string | Date;
  actor_id: string | null;
  actor_name: string | null;
  reason: string | null;
  supplier: string | null;
  delivery_id: string | null;
  total: number;
};

/** The ledger, newest first: who moved how many of what, and when; `from`/`to` are days in the app's time zone. */
export async function findMovements(
  db: DbOrTx,
  query: {
    storeIds: string[] | null;
    itemId?: string;
    storeId?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
    timeZone: string;
  },
): Promise<{ movements: Movement[]; total: number }> {
  const conditions: SQL[] = [storeFilter(query.storeIds, sql`mv.store_id`)];
  if (query.itemId) conditions.push(sql`mv.item_id = ${query.itemId}`);
  if (query.storeId) conditions.push(sql`mv.store_id = ${query.storeId}`);
  if (query.from) conditions.push(sql`mv.occurred_at >= (${query.from}::date::timestamp at time zone ${query.timeZone})`);
  if (query.to) conditions.push(sql`mv.occurred_at < ((${query.to}::date + 1)::timestamp at time zone ${query.timeZone})`);
  const rows = await queryRows<MovementRow>(
    db,
    sql`select mv.id, mv.store_id, s.name as store_name, mv.item_kind, mv.item_id,
               coalesce(m.name, t.name) as item_name, mv.kind, mv.quantity, mv.occurred_at, mv.recorded_at,
               mv.actor_id, u.name as actor_name, mv.reason, mv.supplier, mv.delivery_id,
               count(*) over ()::int as total
        from movements mv
        join stores s on s.id = mv.store_id
        left join materials m on mv.item_kind = 'material' and m.id = mv.item_id
        left join tools t on mv.item_kind = 'tool' and t.id = mv.item_id
        left join users u on u.id = mv.actor_id
        where ${sql.join(conditions, sql` and `)}
        order by mv.occurred_at desc, mv.recorded_at desc, mv.id
        limit ${query.limit} offset ${query.offset}`,
  );
  return {
    movements: rows.map((row) => ({
      _id: row.id,
      storeId: { _id: row.store_id, name: row.store_name },
      itemKind: row.item_kind,
      itemId: row.item_id,
      itemName: row.item_name ?? 'Unknown item',
      kind: row.kind,
      quantity: row.quantity,
      occurredAt: new Date(row.occurred_at).toISOString(),
      recordedAt: new Date(row.recorded_at).toISOString(),
      actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? 'Unknown user' } : null,
      reason: row.reason,
      supplier: row.supplier,
      deliveryId: row.delivery_id,
    })),
    total: rows[0]?.total ?? 0,
  };
}
