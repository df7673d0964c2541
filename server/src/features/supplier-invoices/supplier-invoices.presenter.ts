import { type InvoiceLineMatch, purchaseOrderNumber, type SupplierInvoice } from '@stockyard/contract';
import { unitCostText } from '../../lib/money';
import { quantityOf } from '../../lib/quantities';
import type { InvoiceRow, NotInvoicedRow } from './supplier-invoices.repository';

/** An invoice with each line's match and what could be charged: as approved, or as `matchOf` finds them now. */
export function presentInvoice(row: InvoiceRow, matchOf: (line: InvoiceRow['lines'][number]) => InvoiceLineMatch): SupplierInvoice {
  const lines = row.lines.map((line) => ({
    _id: line.id,
    purchaseOrderLineId: line.purchase_order_line_id,
    purchaseOrder: { _id: line.order_id, number: purchaseOrderNumber(line.order_number) },
    materialId: line.material_id,
    name: line.name,
    unit: line.unit,
    quantity: quantityOf(line.quantity),
    unitPrice: unitCostText(line.unit_price),
    amount: line.amount,
    orderedUnitCost: unitCostText(line.ordered_unit_cost),
    invoiceable: quantityOf(line.approved_invoiceable ?? line.invoiceable),
    match: (line.approved_match as InvoiceLineMatch | null) ?? matchOf(line),
  }));
  return {
    _id: row.id,
    supplier: { _id: row.supplier_id, name: row.supplier_name },
    number: row.number,
    date: row.invoice_date,
    total: row.total,
    status: row.status as SupplierInvoice['status'],
    matched: lines.every((line) => line.match === 'matched'),
    approvedAt: row.approved_at === null ? null : new Date(row.approved_at).toISOString(),
    overrideReason: row.override_reason,
    createdAt: new Date(row.created_at).toISOString(),
    lines,
  };
}

export function presentNotInvoiced(row: NotInvoicedRow) {
  return {
    purchaseOrder: { _id: row.order_id, number: purchaseOrderNumber(row.order_number) },
    supplier: { _id: row.supplier_id, name: row.supplier_name },
    store: { _id: row.store_id, name: row.store_name },
    purchaseOrderLineId: row.line_id,
    materialId: row.material_id,
    name: row.name,
    unit: row.unit,
    received: quantityOf(row.received),
    invoiced: quantityOf(row.invoiced),
    notInvoiced: quantityOf(row.not_invoiced),
    unitCost: unitCostText(row.unit_cost),
    value: row.value,
  };
}
