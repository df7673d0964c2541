import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';

export type InvoiceLineRow = {
  id: string;
  purchase_order_line_id: string;
  order_id: string;
  order_number: number;
  material_id: string;
  name: string;
  unit: string;
  quantity: number;
  unit_price: string;
  amount: string;
  ordered_unit_cost: string;
  /** Received less returned less what other approved invoices charged. */
  invoiceable: number;
  /** Ordered less what arrived, whole or damaged; never below 0. */
  outstanding: number;
  approved_match: string | null;
  approved_invoiceable: number | null;
};

export type InvoiceRow = {
  id: string;
  supplier_id: string;
  supplier_name: string;
  number: string;
  invoice_date: string;
  total: string;
  status: string;
  approved_at: string | null;
  override_reason: string | null;
  created_at: string;
  lines: InvoiceLineRow[];
};

/** Invoices with their lines, each line with what may still be charged of its order line; the latest first. */
export async function findInvoiceRows(
  db: DbOrTx,
  query: { ids?: string[]; supplierId?: string; status?: string; limit?: number; offset?: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (query.ids) conditions.push(uuidIn(sql`i.id`, query.ids));
  if (query.supplierId) conditions.push(sql`i.supplier_id = ${query.supplierId}`);
  if (query.status) conditions.push(sql`i.status = ${query.status}`);
  const rows = await queryRows<InvoiceRow & { total_count: number }>(
    db,
    sql`select i.id, i.supplier_id, sup.name as supplier_name, i.number, i.invoice_date::text as invoice_date, i.total::text as total,
               i.status, i.approved_at, i.override_reason, i.created_at, lines.lines, count(*) over ()::int as total_count
        from supplier_invoices i
        join suppliers sup on sup.id = i.supplier_id
        cross join lateral (
          select coalesce(json_agg(json_build_object(
                   'id', il.id, 'purchase_order_line_id', l.id, 'order_id', po.id, 'order_number', po.number,
                   'material_id', l.material_id, 'name', m.name, 'unit', m.unit, 'quantity', il.quantity,
                   'unit_price', il.unit_price::text, 'amount', round(il.quantity * il.unit_price, 2)::numeric(20, 2)::text,
                   'ordered_unit_cost', l.unit_cost::text,
                   'invoiceable', l.received - l.returned - coalesce((
                     select sum(x.quantity) from supplier_invoice_lines x join supplier_invoices xi on xi.id = x.invoice_id
                     where x.purchase_order_line_id = l.id and xi.status = 'approved' and xi.id <> i.id), 0),
                   'outstanding', greatest(l.quantity - l.received - l.damaged, 0),
                   'approved_match', il.approved_match, 'approved_invoiceable', il.approved_invoiceable
                 ) order by il.position), '[]'::json) as lines
          from supplier_invoice_lines il
          join purchase_order_lines l on l.id = il.purchase_order_line_id
          join purchase_orders po on po.id = l.purchase_order_id
          join materials m on m.id = l.material_id
          where il.invoice_id = i.id
        ) lines
        where ${sql.join(conditions, sql` and `)}
        order by i.invoice_date desc, i.created_at desc, i.id
        limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
  );
  return { rows, total: rows[0]?.total_count ?? 0 };
}

/** How many of the order lines named are on orders of this supplier that were sent to it. */
export async function countOrderedLines(db: DbOrTx, supplierId: string, lineIds: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
        where ${uuidIn(sql`l.id`, lineIds)} and po.supplier_id = ${supplierId}
          and po.status in ('ordered', 'partially_received', 'received', 'closed_short')`,
  );
  return row?.n ?? 0;
}

/** The material of each order line named, by line id. */
export async function findOrderLineMaterials(db: DbOrTx, lineIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; material_id: string }>(
    db,
    sql`select id, material_id from purchase_order_lines where ${uuidIn(sql`id`, lineIds)}`,
  );
  return new Map(rows.map((row) => [row.id, row.material_id]));
}

export async function insertInvoice(
  db: DbOrTx,
  invoice: {
    supplierId: string;
    number: string;
    date: string;
    total: string;
    createdBy: string;
    lines: { purchaseOrderLineId: string; quantity: number; unitPrice: string }[];
  },
): Promise<string> {
  const lines = JSON.stringify(invoice.lines.map((line, position) => ({ position, ...line })));
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with invoice as (
          insert into supplier_invoices (supplier_id, number, invoice_date, total, created_by)
          values (${invoice.supplierId}, ${invoice.number}, ${invoice.date}, ${invoice.total}, ${invoice.createdBy})
          returning id
        ), lines as (
          insert into supplier_invoice_lines (invoice_id, position, purchase_order_line_id, quantity, unit_price)
          select invoice.id, l.position, l."purchaseOrderLineId", l.quantity, l."unitPrice"
          from invoice, json_to_recordset(${lines}::json) as l(position int, "purchaseOrderLineId" uuid, quantity numeric, "unitPrice" numeric)
        )
        select id from invoice`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Locks an open invoice and then the order lines it charges, in one order, so that two approvals
 * charging the same goods take turns and the second counts what the first charged. Its status, or
 * nothing when there is no such invoice.
 */
export async function lockInvoiceAndLines(db: DbOrTx, id: string): Promise<string | undefined> {
  const [invoice] = await queryRows<{ status: string }>(db, sql`select status from supplier_invoices where id = ${id} for update`);
  if (!invoice) return undefined;
  await db.execute(
    sql`select l.id from purchase_order_lines l
        where l.id in (select purchase_order_line_id from supplier_invoice_lines where invoice_id = ${id})
        order by l.id for update`,
  );
  return invoice.status;
}

export async function markApproved(
  db: DbOrTx,
  id: string,
  approval: { approvedBy: string; reason: string | null; matches: { lineId: string; match: string; invoiceable: number }[] },
): Promise<void> {
  await db.execute(
    sql`with approved as (
          update supplier_invoices set status = 'approved', approved_by = ${approval.approvedBy}, approved_at = now(),
                 override_reason = ${approval.reason}
          where id = ${id} and status = 'open'
          returning id
        )
        update supplier_invoice_lines il set approved_match = m.match, approved_invoiceable = m.invoiceable
        from json_to_recordset(${JSON.stringify(approval.matches)}::json) as m("lineId" uuid, match text, invoiceable int)
        where il.id = m."lineId" and il.invoice_id = (select id from approved)`,
  );
}

export type NotInvoicedRow = {
  order_id: string;
  order_number: number;
  supplier_id: string;
  supplier_name: string;
  store_id: string;
  store_name: string;
  line_id: string;
  material_id: string;
  name: string;
  unit: string;
  /** Quantities as numeric text. */
  received: string;
  invoiced: string;
  not_invoiced: string;
  unit_cost: string;
  value: string;
};

/**
 * What arrived whole by a day, less what went back, and was not charged by invoices approved by then,
 * valued at the order's cost; the order lines that have some.
 */
export async function findReceivedNotInvoiced(
  db: DbOrTx,
  query: { asOf: string; storeIds: string[] | null; storeId?: string },
): Promise<NotInvoicedRow[]> {
  const conditions: SQL[] = [storeFilter(query.storeIds, sql`po.store_id`)];
  if (query.storeId) conditions.push(sql`po.store_id = ${query.storeId}`);
  return queryRows<NotInvoicedRow>(
    db,
    sql`with received as (
          select rl.purchase_order_line_id as line_id, sum(rl.received) as received
          from purchase_receipt_lines rl join purchase_receipts r on r.id = rl.receipt_id
          where r.received_on <= ${query.asOf}
          group by 1
        ), invoiced as (
          select il.purchase_order_line_id as line_id, sum(il.quantity) as invoiced
          from supplier_invoice_lines il join supplier_invoices i on i.id = il.invoice_id
          where i.status = 'approved' and i.invoice_date <= ${query.asOf}
          group by 1
        ), returned as (
          select srl.purchase_order_line_id as line_id, sum(srl.quantity) as returned
          from supplier_return_lines srl join supplier_returns sr on sr.id = srl.return_id
          where sr.returned_on <= ${query.asOf} and srl.purchase_order_line_id is not null
          group by 1
        ), lines as (
          select l.*, rc.received - coalesce(rt.returned, 0) as net_received, coalesce(inv.invoiced, 0) as invoiced
          from received rc
          join purchase_order_lines l on l.id = rc.line_id
          left join returned rt on rt.line_id = l.id
          left join invoiced inv on inv.line_id = l.id
        )
        select po.id as order_id, po.number as order_number, po.supplier_id, sup.name as supplier_name, po.store_id, s.name as store_name,
               l.id as line_id, l.material_id, m.name, m.unit, l.net_received as received, l.invoiced,
               l.net_received - l.invoiced as not_invoiced, l.unit_cost::text as unit_cost,
               round((l.net_received - l.invoiced) * l.unit_cost, 2)::numeric(20, 2)::text as value
        from lines l
        join purchase_orders po on po.id = l.purchase_order_id
        join suppliers sup on sup.id = po.supplier_id
        join stores s on s.id = po.store_id
        join materials m on m.id = l.material_id
        where l.net_received - l.invoiced > 0 and ${sql.join(conditions, sql` and `)}
        order by po.number, l.position`,
  );
}
