import { type SQL, sql } from 'drizzle-orm';
import { filesOnLines } from '../../db/attachments-of';
import type { DbOrTx } from '../../db/client';
import { deliveryLineIdsOf } from '../../db/delivery-lines';
import type { deliveries } from '../../db/schema';
import { containsPattern, queryRows, type RowOf, storeFilter, uuidIn } from '../../db/sql';
import type { DeliveryRow } from './deliveries.presenter';

/** Live deliveries of the caller's stores, latest day first; `withProof` adds the files on their ledger lines. */
export async function findDeliveryRows(
  db: DbOrTx,
  query: { storeIds: string[] | null; q?: string; ids?: string[]; limit?: number; offset?: number; withProof?: boolean },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const conditions: SQL[] = [sql`d.deleted_at is null`, storeFilter(query.storeIds, sql`d.store_id`)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(sql`(m.name ilike ${pattern} or d.supplier ilike ${pattern})`);
  }
  if (query.ids) conditions.push(uuidIn(sql`d.id`, query.ids));
  const rows = await queryRows<DeliveryRow & { total: number }>(
    db,
    sql`select d.id, d.material_id, m.name as material_name, d.quantity, d.supplier, d.supplier_id, d.date_received::text as date_received,
               d.batch, d.expires_on::text as expires_on, d.store_id, s.name as store_name, count(*) over ()::int as total,
               ${query.withProof ? filesOnLines(deliveryLineIdsOf(sql`d.id`)) : sql`null`} as attachments
        from deliveries d
        join stores s on s.id = d.store_id
        left join materials m on m.id = d.material_id
        where ${sql.join(conditions, sql` and `)}
        order by d.date_received desc, d.created_at desc, d.id
        limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export type DeliveryValues = {
  storeId: string;
  materialId: string;
  quantity: number;
  supplier: string;
  day: string;
  /** For a material that tracks expiry: the batch that arrived and its expiry. */
  batch?: string;
  expiresOn?: string;
};

/** The known supplier a delivery's free-text supplier names, whatever its case; null for any other. */
function knownSupplier(name: string): SQL {
  return sql`(select id from suppliers where lower(name) = lower(${name}))`;
}

export async function insertDelivery(db: DbOrTx, values: DeliveryValues): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof deliveries>, 'id'>>(
    db,
    sql`insert into deliveries (store_id, material_id, quantity, supplier, supplier_id, date_received, batch, expires_on)
        values (${values.storeId}, ${values.materialId}, ${values.quantity}, ${values.supplier}, ${knownSupplier(values.supplier)}, ${values.day},
                ${values.batch ?? null}, ${values.expiresOn ?? null})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export type LockedDelivery = {
  id: string;
  material_id: string;
  quantity: number;
  supplier: string;
  date_received: string;
  batch: string | null;
  expires_on: string | null;
  /** The number of the purchase order it was received against, when it was. */
  order_number: number | null;
};

/** Locks a live delivery of the caller's stores, so two edits of it take turns. */
export async function lockDeliveryRow(db: DbOrTx, id: string, storeIds: string[] | null): Promise<LockedDelivery | undefined> {
  const [row] = await queryRows<LockedDelivery>(
    db,
    sql`select d.id, d.material_id, d.quantity, d.supplier, d.date_received::text as date_received,
               d.batch, d.expires_on::text as expires_on,
               (select po.number from purchase_receipt_lines rl
                join purchase_order_lines l on l.id = rl.purchase_order_line_id
                join purchase_orders po on po.id = l.purchase_order_id
                where rl.delivery_id = d.id) as order_number
        from deliveries d
        where d.id = ${id} and d.deleted_at is null and ${storeFilter(storeIds, sql`d.store_id`)} for update of d`,
  );
  return row;
}

export async function updateDeliveryRow(db: DbOrTx, id: string, values: DeliveryValues): Promise<void> {
  await db.execute(
    sql`update deliveries set material_id = ${values.materialId}, store_id = ${values.storeId}, quantity = ${values.quantity},
          supplier = ${values.supplier}, supplier_id = ${knownSupplier(values.supplier)}, date_received = ${values.day},
          batch = ${values.batch ?? null}, expires_on = ${values.expiresOn ?? null}
        where id = ${id}`,
  );
}

export async function markDeliveryDeleted(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update deliveries set deleted_at = now() where id = ${id}`);
}

export type DeliveryLineRow = {
  id: string;
  quantity: number;
  occurred_at: string | Date;
  actor_name: string | null;
  reason: string | null;
  unit: string;
};

/** The ledger lines a delivery wrote (its receipt, and any correction of it), in the order they happened. */
export function findDeliveryLines(db: DbOrTx, deliveryId: string): Promise<DeliveryLineRow[]> {
  return queryRows<DeliveryLineRow>(
    db,
    sql`select mv.id, mv.quantity, mv.occurred_at, u.name as actor_name, mv.reason, m.unit
        from deliveries d
        join movements mv on mv.store_id = d.store_id and mv.item_id = d.material_id and mv.delivery_id = d.id and mv.kind = 'delivery'
        join materials m on m.id = d.material_id
        left join users u on u.id = mv.actor_id
        where d.id = ${deliveryId}
        order by mv.occurred_at, mv.recorded_at, mv.id`,
  );
}
