import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidIn } from '../../db/client';
import { storeFilter } from '../movements/ledger';
import { escapeLike } from '../users/users.repository';

export type DeliveryRecord = {
  _id: string;
  productId: { _id: string; name: string } | null;
  quantity: number;
  supplier: string;
  day: string;
  storeId: { _id: string; name: string };
};

type DeliveryRow = {
  id: string;
  material_id: string;
  material_name: string | null;
  quantity: number;
  supplier: string;
  date_received: string | Date;
  store_id: string;
  store_name: string;
  total: number;
};

function dayOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Live deliveries in the caller's stores, latest day first. */
export async function findDeliveries(
  db: DbOrTx,
  query: { storeIds: string[] | null; q?: string; ids?: string[]; limit?: number; offset?: number },
): Promise<{ deliveries: DeliveryRecord[]; total: number }> {
  const conditions: SQL[] = [sql`d.deleted_at is null`, storeFilter(query.storeIds, sql`d.store_id`)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(m.name ilike ${pattern} or d.supplier ilike ${pattern})`);
  }
  if (query.ids) conditions.push(uuidIn(sql`d.id`, query.ids));
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select d.id, d.material_id, m.name as material_name, d.quantity, d.supplier, d.date_received::text as date_received,
               d.store_id, s.name as store_name, count(*) over ()::int as total
        from deliveries d
        join stores s on s.id = d.store_id
        left join materials m on m.id = d.material_id
        where ${sql.join(conditions, sql` and `)}
        order by d.date_received desc, d.created_at desc, d.id
        limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
  );
  return {
    deliveries: rows.map((row) => ({
      _id: row.id,
      productId: row.material_name === null ? null : { _id: row.material_id, name: row.material_name },
      quantity: row.quantity,
      supplier: row.supplier,
      day: dayOf(row.date_received),
      storeId: { _id: row.store_id, name: row.store_name },
    })),
    total: rows[0]?.total ?? 0,
  };
}
