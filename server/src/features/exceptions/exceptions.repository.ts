import type { ExceptionsQuery } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter } from '../../db/sql';

export type ExceptionRow = {
  movement_id: string;
  store_id: string;
  store_name: string;
  item_kind: 'material' | 'tool';
  item_id: string;
  item_name: string | null;
  kind: string;
  quantity: number;
  occurred_at: string | Date;
  actor_id: string | null;
  actor_name: string | null;
  lat: number;
  lon: number;
  accuracy_m: number;
  distance_m: number;
  radius_m: number;
};

type Filters = Pick<ExceptionsQuery, 'storeId' | 'from' | 'to'> & { storeIds: string[] | null };

/** Movements recorded outside their store's geofence (the partial index on movement_locations), within the filters. */
function outsideWhere(filters: Filters, timeZone: string): SQL {
  const conditions: SQL[] = [sql`ml.outside_geofence`, storeFilter(filters.storeIds, sql`ml.store_id`)];
  if (filters.storeId) conditions.push(sql`ml.store_id = ${filters.storeId}`);
  if (filters.from) conditions.push(sql`ml.occurred_at >= (${filters.from}::date::timestamp at time zone ${timeZone})`);
  if (filters.to) conditions.push(sql`ml.occurred_at < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return sql.join(conditions, sql` and `);
}

/** A page of them, newest first, each with its line (found in its month's partition by its time), item and recorder. */
export async function findExceptionRows(
  db: DbOrTx,
  query: Filters & { limit: number; offset: number },
  timeZone: string,
): Promise<{ rows: ExceptionRow[]; total: number }> {
  const rows = await queryRows<ExceptionRow & { total: number }>(
    db,
    sql`select ml.movement_id, ml.store_id, s.name as store_name, m.item_kind, m.item_id, coalesce(mat.name, t.name) as item_name,
               m.kind, m.quantity, ml.occurred_at, m.actor_id, u.name as actor_name,
               ml.lat::float8 as lat, ml.lon::float8 as lon, ml.accuracy_m::float8 as accuracy_m, ml.distance_m, ml.radius_m,
               count(*) over ()::int as total
        from movement_locations ml
        join stores s on s.id = ml.store_id
        join movements m on m.id = ml.movement_id and m.occurred_at = ml.occurred_at
        left join materials mat on m.item_kind = 'material' and mat.id = m.item_id
        left join tools t on m.item_kind = 'tool' and t.id = m.item_id
        left join users u on u.id = m.actor_id
        where ${outsideWhere(query, timeZone)}
        order by ml.occurred_at desc, ml.movement_id
        limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** How many there are, for a dashboard's count. */
export async function countExceptions(db: DbOrTx, filters: Filters, timeZone: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from movement_locations ml where ${outsideWhere(filters, timeZone)}`,
  );
  return row?.n ?? 0;
}
