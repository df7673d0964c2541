import {
  type Attachment,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type PurchaseReceipt,
  purchaseOrderNumber,
  type SupplierReturn,
  withoutTrailingZeros,
} from '@stockyard/contract';
import { unitCostText } from '../../lib/money';
import { quantityLess, quantityOf } from '../../lib/quantities';
import type { OrderRow } from './purchase-orders.repository';
import type { ReceiptRow } from './purchase-receipts.repository';
import type { ReturnRow } from './supplier-returns.repository';

export function presentOrder(row: OrderRow): PurchaseOrder {
  return {
    _id: row.id,
    number: purchaseOrderNumber(row.number),
    status: row.status as PurchaseOrderStatus,
    supplier: { _id: row.supplier_id, name: row.supplier_name },
    store: { _id: row.store_id, name: row.store_name },
    needBy: row.need_by,
    createdAt: new Date(row.created_at).toISOString(),
    orderedAt: row.ordered_at === null ? null : new Date(row.ordered_at).toISOString(),
    statusReason: row.status_reason,
    total: row.total_value,
    supplierMail: row.mail_state,
    lines: row.lines.map((line) => ({
      _id: line.id,
      materialId: line.material_id,
      name: line.name,
      unit: line.unit,
      decimals: line.decimals,
      quantity: quantityOf(line.quantity),
      unitCost: unitCostText(line.unit_cost),
      received: quantityOf(line.received),
      damaged: quantityOf(line.damaged),
      returned: quantityOf(line.returned),
      outstanding: Math.max(0, quantityLess(line.quantity, line.received, line.damaged)),
      orderedIn:
        line.order_unit && line.order_factor && line.order_quantity !== null && line.order_unit_cost
          ? {
              unit: line.order_unit,
              factor: withoutTrailingZeros(line.order_factor),
              quantity: quantityOf(line.order_quantity),
              unitCost: unitCostText(line.order_unit_cost),
            }
          : null,
    })),
  };
}

export function presentReturn(row: ReturnRow): SupplierReturn {
  return {
    _id: row.id,
    supplier: { _id: row.supplier_id, name: row.supplier_name },
    store: { _id: row.store_id, name: row.store_name },
    purchaseOrder: row.order_id === null ? null : { _id: row.order_id, number: purchaseOrderNumber(row.order_number as number) },
    reason: row.reason,
    returnedOn: row.returned_on,
    lines: row.lines.map((line) => ({
      materialId: line.material_id,
      name: line.name,
      unit: line.unit,
      quantity: quantityOf(line.quantity),
      batch: line.batch,
      value: line.value,
    })),
    value: row.value,
  };
}

export function presentReceipt(row: ReceiptRow): PurchaseReceipt {
  return {
    _id: row.id,
    receivedAt: row.received_on,
    deliveryNote: row.delivery_note || null,
    receivedBy: row.received_by_name,
    recordedAt: new Date(row.created_at).toISOString(),
    lines: row.lines.map((line) => ({
      lineId: line.line_id,
      name: line.name,
      unit: line.unit,
      received: quantityOf(line.received),
      damaged: quantityOf(line.damaged),
      deliveryId: line.delivery_id,
    })),
    attachments: row.attachments as Attachment[],
  };
}
