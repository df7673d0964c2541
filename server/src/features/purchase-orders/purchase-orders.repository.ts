import { type PurchaseOrder, RECEIVABLE_STATUSES } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';

export type OrderLineRow = {
  id: string;
  material_id: string;
  name: string;
  unit: string;
  decimals: number;
  /** Quantities as JSON numbers (the lines come through json_agg). */
  quantity: number;
  unit_cost: string;
  received: number;
  damaged: number;
  returned: number;
  /** A line ordered in another unit: as ordered. */
  order_unit: string | null;
  order_factor: string | null;
  order_quantity: number | null;
  order_unit_cost: string | null;
};

export type OrderRow = {
  id: string;
  number: number;
  status: string;
  supplier_id: string;
  supplier_name: string;
  store_id: string;
  store_name: string;
  need_by: string | null;
  created_at: string;
  ordered_at: string | null;
  status_reason: string | null;
  total_value: string;
  mail_state: PurchaseOrder['supplierMail'];
  lines: OrderLineRow[];
};

export type OrderQuery = {
  storeIds: string[] | null;
  ids?: string[];
  storeId?: string;
  supplierId?: string;
  status?: string;
  receivable?: 'true' | 'false';
  limit?: number;
  offset?: number;
};

/** Orders in the caller's stores with their lines, the latest first. */
export async function findOrderRows(db: DbOrTx, query: OrderQuery): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [storeFilter(query.storeIds, sql`po.store_id`)];
  if (query.ids) conditions.push(uuidIn(sql`po.id`, query.ids));
  if (query.storeId) conditions.push(sql`po.store_id = ${query.storeId}`);
  if (query.supplierId) conditions.push(sql`po.supplier_id = ${query.supplierId}`);
  if (query.status) conditions.push(sql`po.status = ${query.status}`);
  const receivable = sql`po.status in (${sql.join(
    RECEIVABLE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  if (query.receivable) conditions.push(query.receivable === 'true' ? receivable : sql`not ${receivable}`);
  const rows = await queryRows<OrderRow & { total: number }>(
    db,
    sql`select po.id, po.number, po.status, po.supplier_id, sup.name as supplier_name, po.store_id, s.name as store_name,
               po.need_by::text as need_by, po.created_at, po.ordered_at, po.status_reason, po.mail_state,
               lines.total_value, lines.lines, count(*) over ()::int as total
        from purchase_orders po
        join suppliers sup on sup.id = po.supplier_id
        join stores s on s.id = po.store_id
        cross join lateral (
          select coalesce(sum(${lineValue(sql`l`)}), 0)::numeric(20, 2)::text as total_value,
                 coalesce(json_agg(json_build_object(
                   'id', l.id, 'material_id', l.material_id, 'name', m.name, 'unit', m.unit, 'decimals', m.decimals, 'quantity', l.quantity,
                   'unit_cost', l.unit_cost::text, 'received', l.received, 'damaged', l.damaged, 'returned', l.returned,
                   'order_unit', l.order_unit, 'order_factor', l.order_factor::text, 'order_quantity', l.order_quantity,
                   'order_unit_cost', l.order_unit_cost::text
                 ) order by l.position), '[]'::json) as lines
          from purchase_order_lines l join materials m on m.id = l.material_id
          where l.purchase_order_id = po.id
        ) lines
        where ${sql.join(conditions, sql` and `)}
        order by po.number desc
        limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** An order line's value: as ordered in its unit when it names one, else its stock quantity at its cost; to the cent. */
export function lineValue(line: SQL): SQL {
  return sql`round(coalesce(${line}.order_quantity * ${line}.order_unit_cost, ${line}.quantity * ${line}.unit_cost), 2)`;
}

export type OrderMaterial = {
  material_id: string;
  name: string | null;
  decimals: number | null;
  price: string | null;
  pack_size: number | null;
  /** The unit the price is per (null: the stock unit), and its factor. */
  pack_unit: string | null;
  pack_factor: string | null;
};

/** Each material named: its name when it is a live material of the store, and the supplier's price and pack for it. */
export async function findOrderMaterials(
  db: DbOrTx,
  query: { storeId: string; supplierId: string; materialIds: string[] },
): Promise<OrderMaterial[]> {
  return queryRows<OrderMaterial>(
    db,
    sql`select ids.id as material_id, m.name, m.decimals, sp.unit_cost::text as price, sp.pack_size, sp.pack_unit, sp.pack_factor::text as pack_factor
        from unnest(${`{${query.materialIds.join(',')}}`}::uuid[]) as ids(id)
        left join materials m on m.id = ids.id and m.store_id = ${query.storeId} and m.deleted_at is null
        left join supplier_prices sp on sp.supplier_id = ${query.supplierId} and sp.material_id = ids.id`,
  );
}

/** A line to order: in stock units at a cost per stock unit, and as ordered when that was in another unit. */
export type OrderLineInput = {
  materialId: string;
  quantity: number;
  unitCost: string;
  orderedIn?: { unit: string; factor: string; quantity: number; unitCost: string };
};

export async function insertOrder(
  db: DbOrTx,
  order: {
    supplierId: string;
    storeId: string;
    needBy: string | null;
    createdBy: string;
    lines: OrderLineInput[];
  },
): Promise<{ id: string; number: number }> {
  const lines = JSON.stringify(
    order.lines.map(({ orderedIn, ...line }, position) => ({
      position,
      ...line,
      orderUnit: orderedIn?.unit ?? null,
      orderFactor: orderedIn?.factor ?? null,
      orderQuantity: orderedIn?.quantity ?? null,
      orderUnitCost: orderedIn?.unitCost ?? null,
    })),
  );
  const [row] = await queryRows<{ id: string; number: number }>(
    db,
    sql`with po as (
          insert into purchase_orders (supplier_id, store_id, need_by, created_by)
          values (${order.supplierId}, ${order.storeId}, ${order.needBy}, ${order.createdBy})
          returning id, number
        ), lines as (
          insert into purchase_order_lines (purchase_order_id, position, material_id, quantity, unit_cost,
                                            order_unit, order_factor, order_quantity, order_unit_cost)
          select po.id, l.position, l."materialId", l.quantity, l."unitCost", l."orderUnit", l."orderFactor", l."orderQuantity", l."orderUnitCost"
          from po, json_to_recordset(${lines}::json)
            as l(position int, "materialId" uuid, quantity numeric, "unitCost" numeric,
                 "orderUnit" text, "orderFactor" numeric, "orderQuantity" numeric, "orderUnitCost" numeric)
        )
        select id, number from po`,
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

export type LockedOrder = { id: string; number: number; status: string; store_id: string; supplier_id: string; supplier_name: string };

/** Locks an order of the caller's stores, so that its changes and receipts take turns. */
export async function lockOrder(db: DbOrTx, id: string, storeIds: string[] | null): Promise<LockedOrder | undefined> {
  const [row] = await queryRows<LockedOrder>(
    db,
    sql`select po.id, po.number, po.status, po.store_id, po.supplier_id, sup.name as supplier_name
        from purchase_orders po join suppliers sup on sup.id = po.supplier_id
        where po.id = ${id} and ${storeFilter(storeIds, sql`po.store_id`)}
        for update of po`,
  );
  return row;
}

/** Moves an order from one of `from` to `to`; whether it moved. */
export async function changeOrderStatus(
  db: DbOrTx,
  id: string,
  change: { from: readonly string[]; to: string; reason?: string; nothingReceived?: boolean },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update purchase_orders
        set status = ${change.to}, status_reason = coalesce(${change.reason ?? null}, status_reason),
            ordered_at = case when ${change.to} = 'ordered' then now() else ordered_at end
        where id = ${id} and status in (${sql.join(
          change.from.map((status) => sql`${status}`),
          sql`, `,
        )})${
          change.nothingReceived
            ? sql` and not exists (select 1 from purchase_order_lines l where l.purchase_order_id = ${id} and l.received + l.damaged > 0)`
            : sql``
        }
        returning id`,
  );
  return rows.length > 0;
}

/** Quantities as numeric text. */
export type ReceivedLine = LineCost & { id: string; material_id: string; quantity: string; received: string; damaged: string };

/** What an order line's units cost: per stock unit, and per the unit it was ordered in with that unit's factor (which value it exactly). */
export type LineCost = { unit_cost: string; order_unit_cost: string | null; order_factor: string | null };

/**
 * Adds a receipt's counts to an order line, in one conditional statement: never past `allowed` units
 * arrived in all, whole or damaged. The line as it now is, or nothing when it would go past.
 */
export async function addToOrderLine(
  db: DbOrTx,
  line: { orderId: string; lineId: string; received: number; damaged: number; tolerancePercent: number },
): Promise<ReceivedLine | undefined> {
  const [row] = await queryRows<ReceivedLine>(
    db,
    sql`update purchase_order_lines
        set received = received + ${line.received}::numeric, damaged = damaged + ${line.damaged}::numeric
        where id = ${line.lineId} and purchase_order_id = ${line.orderId}
          and received + damaged + ${line.received}::numeric + ${line.damaged}::numeric
              <= ${allowedOf(sql`quantity`, line.tolerancePercent, sql`(select m.decimals from materials m where m.id = material_id)`)}
        returning id, material_id, unit_cost::text as unit_cost, order_unit_cost::text as order_unit_cost,
                  order_factor::text as order_factor, quantity, received, damaged`,
  );
  return row;
}

/** What may arrive of an ordered quantity with the receipt tolerance: rounded down to the material's decimals. */
export function allowedOf(quantity: SQL, tolerancePercent: number, decimals: SQL): SQL {
  return sql`trunc(${quantity} * (100 + ${tolerancePercent}::numeric) / 100, ${decimals})`;
}

/** An order line's material, and what may arrive of it in all with the receipt tolerance. */
export type OrderLineBrief = { id: string; material_id: string; name: string; allowed: string };

export async function findOrderLines(db: DbOrTx, orderId: string, tolerancePercent: number): Promise<OrderLineBrief[]> {
  return queryRows<OrderLineBrief>(
    db,
    sql`select l.id, l.material_id, m.name, ${allowedOf(sql`l.quantity`, tolerancePercent, sql`m.decimals`)} as allowed
        from purchase_order_lines l join materials m on m.id = l.material_id
        where l.purchase_order_id = ${orderId}`,
  );
}

/** Received when every line has all it ordered (whole or damaged), else partly received. */
export async function settleReceivedStatus(db: DbOrTx, orderId: string): Promise<void> {
  await db.execute(
    sql`update purchase_orders po set status = case
          when exists (select 1 from purchase_order_lines l where l.purchase_order_id = po.id and l.received + l.damaged < l.quantity)
          then 'partially_received' else 'received' end
        where po.id = ${orderId}`,
  );
}

export async function insertReceipt(
  db: DbOrTx,
  receipt: { orderId: string; receivedOn: string; deliveryNote: string | null; receivedBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into purchase_receipts (purchase_order_id, received_on, delivery_note, received_by)
        values (${receipt.orderId}, ${receipt.receivedOn}, ${receipt.deliveryNote}, ${receipt.receivedBy})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertReceiptLine(
  db: DbOrTx,
  line: { receiptId: string; lineId: string; deliveryId: string; received: number; damaged: number },
): Promise<void> {
  await db.execute(
    sql`insert into purchase_receipt_lines (receipt_id, purchase_order_line_id, delivery_id, received, damaged)
        values (${line.receiptId}, ${line.lineId}, ${line.deliveryId}, ${line.received}, ${line.damaged})`,
  );
}

/**
 * A cent-rounded value of stock units at a line's cost, in the statement: of a line ordered in another
 * unit, at its cost per that unit (multiplied before it is divided, so whole packs take exactly their price).
 */
function valueAtCost(units: number, cost: LineCost): SQL {
  if (cost.order_unit_cost !== null && cost.order_factor !== null) {
    return sql`round(${units}::numeric * ${cost.order_unit_cost}::numeric / ${cost.order_factor}::numeric, 2)`;
  }
  return sql`round(${units}::numeric * ${cost.unit_cost}::numeric, 2)`;
}

/** What a receipt's line brings in: the whole and the damaged units each valued at the line's cost. */
export function arrivedValue(receipt: { received: number; damaged: number }, cost: LineCost): SQL {
  return sql`(${valueAtCost(receipt.received, cost)} + ${valueAtCost(receipt.damaged, cost)})`;
}

/** What the damaged units take out again: exactly what they brought in. */
export function damagedValue(damaged: number, cost: LineCost): SQL {
  return sql`-${valueAtCost(damaged, cost)}`;
}

/**
 * Takes a store's turn at ordering what is low, so two presses at once do not both order it; movements
 * (which only share the store's key) go on. Whether the store exists.
 */
export async function lockStoreForOrdering(db: DbOrTx, storeId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from stores where id = ${storeId} for no key update`);
  return rows.length > 0;
}

/** Queues an order's PDF for its supplier, when the supplier has an email. */
export async function queueOrderMail(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.execute(
    sql`update purchase_orders po set mail_state = 'pending', mail_next_at = now()
        from suppliers s where po.id = ${orderId} and s.id = po.supplier_id and s.email is not null`,
  );
}

export type PendingOrderMail = {
  id: string;
  mail_attempts: number;
  email: string;
  supplier_name: string;
  store_name: string;
  ordered_by: string | null;
};

/**
 * The orders whose PDF is due to go out, leased for `leaseSeconds` so another process skips them; one
 * still pending a day after it was ordered is skipped instead (mail was not set up then).
 */
export async function leaseOrderMail(db: DbOrTx, limit: number, leaseSeconds: number): Promise<PendingOrderMail[]> {
  await db.execute(
    sql`update purchase_orders set mail_state = 'skipped'
        where mail_state = 'pending' and mail_next_at <= now() and ordered_at < now() - interval '1 day'`,
  );
  return queryRows<PendingOrderMail>(
    db,
    sql`with due as (
          select id from purchase_orders where mail_state = 'pending' and mail_next_at <= now()
          order by mail_next_at limit ${limit} for update skip locked
        )
        update purchase_orders po set mail_next_at = now() + make_interval(secs => ${leaseSeconds})
        from due, purchase_orders o
          join suppliers sup on sup.id = o.supplier_id
          join stores s on s.id = o.store_id
          left join users u on u.id = o.created_by
        where po.id = due.id and o.id = po.id
        returning po.id, po.mail_attempts, sup.email, sup.name as supplier_name, s.name as store_name, u.name as ordered_by`,
  );
}
