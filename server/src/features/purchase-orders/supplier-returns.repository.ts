import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/sql';

export async function insertReturn(
  db: DbOrTx,
  values: { supplierId: string; storeId: string; purchaseOrderId: string | null; reason: string; returnedOn: string; createdBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into supplier_returns (supplier_id, store_id, purchase_order_id, reason, returned_on, created_by)
        values (${values.supplierId}, ${values.storeId}, ${values.purchaseOrderId}, ${values.reason}, ${values.returnedOn}, ${values.createdBy})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertReturnLine(
  db: DbOrTx,
  line: {
    returnId: string;
    materialId: string;
    quantity: number;
    purchaseOrderLineId: string | null;
    batch: string | null;
    movementId: string;
  },
): Promise<void> {
  await db.execute(
    sql`insert into supplier_return_lines (return_id, material_id, quantity, purchase_order_line_id, batch, movement_id)
        values (${line.returnId}, ${line.materialId}, ${line.quantity}, ${line.purchaseOrderLineId}, ${line.batch}, ${line.movementId})`,
  );
}

/** Quantities as numeric text. */
export type ReturnableLine = { id: string; material_id: string; name: string; received: string; returned: string };

/** An order's lines, with what arrived whole and what already went back. */
export async function findReturnableLines(db: DbOrTx, orderId: string): Promise<ReturnableLine[]> {
  return queryRows<ReturnableLine>(
    db,
    sql`select l.id, l.material_id, m.name, l.received, l.returned from purchase_order_lines l join materials m on m.id = l.material_id
        where l.purchase_order_id = ${orderId}`,
  );
}

/** Counts a return on an order line, never past what arrived whole; whether it fitted. */
export async function addReturned(db: DbOrTx, lineId: string, quantity: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update purchase_order_lines set returned = returned + ${quantity}::numeric
        where id = ${lineId} and returned + ${quantity}::numeric <= received
        returning id`,
  );
  return rows.length > 0;
}

export type ReturnRow = {
  id: string;
  supplier_id: string;
  supplier_name: string;
  store_id: string;
  store_name: string;
  order_id: string | null;
  order_number: number | null;
  reason: string;
  returned_on: string;
  value: string;
  lines: { material_id: string; name: string; unit: string; quantity: number; batch: string | null; value: string }[];
};

/** A return with its lines and the value each took out of the store (its ledger line's). */
export async function findReturn(db: DbOrTx, id: string): Promise<ReturnRow | undefined> {
  const [row] = await queryRows<ReturnRow>(
    db,
    sql`select r.id, r.supplier_id, sup.name as supplier_name, r.store_id, s.name as store_name, po.id as order_id, po.number as order_number,
               r.reason, r.returned_on::text as returned_on, lines.value, lines.lines
        from supplier_returns r
        join suppliers sup on sup.id = r.supplier_id
        join stores s on s.id = r.store_id
        left join purchase_orders po on po.id = r.purchase_order_id
        cross join lateral (
          select (-coalesce(sum(mv.value), 0))::numeric(20, 2)::text as value,
                 json_agg(json_build_object('material_id', rl.material_id, 'name', m.name, 'unit', m.unit, 'quantity', rl.quantity, 'batch', rl.batch,
                                            'value', (-mv.value)::numeric(20, 2)::text) order by m.name) as lines
          from supplier_return_lines rl
          join materials m on m.id = rl.material_id
          join movements mv on mv.id = rl.movement_id
          where rl.return_id = r.id
        ) lines
        where r.id = ${id}`,
  );
  return row;
}
