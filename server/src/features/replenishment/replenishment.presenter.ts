import { type LowStockRow, type Notification, noticeText, type ReorderPoint } from '@stockyard/contract';
import { quantityOf } from '../../lib/quantities';
import type { NotificationRow } from './notifications.repository';
import type { LowStockLine, ReorderRow } from './replenishment.repository';

/** A material's reorder point as the contract has it; null when it has none. */
export function presentReorderPoint(row: ReorderRow | undefined): ReorderPoint | null {
  return row
    ? {
        minQty: quantityOf(row.min_qty),
        targetQty: quantityOf(row.target_qty),
        packSize: row.pack_size,
        preferredSupplier: supplierOf(row),
      }
    : null;
}

function supplierOf(row: ReorderRow) {
  return row.preferred_supplier_id ? { _id: row.preferred_supplier_id, name: row.preferred_supplier_name ?? '' } : null;
}

/** A low-stock line with its suggested order. */
export function presentLowStock(row: LowStockLine): LowStockRow {
  return {
    materialId: row.material_id,
    name: row.name,
    unit: row.unit,
    store: { _id: row.store_id, name: row.store_name },
    available: quantityOf(row.available),
    inTransit: row.in_transit,
    requested: row.requested,
    openRequest: row.open_request_id ? { _id: row.open_request_id, quantity: quantityOf(row.open_request_quantity ?? 0) } : null,
    minQty: quantityOf(row.min_qty),
    targetQty: quantityOf(row.target_qty),
    packSize: row.pack_size,
    onOrder: row.on_order,
    suggested: row.suggested,
    preferredSupplier: supplierOf(row),
  };
}

/** A notification as the bell lists it. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    code: row.code,
    params: row.params,
    text: row.code ? noticeText('en', row.code, row.params) : (row.text ?? ''),
    store: row.store_id ? { _id: row.store_id, name: row.store_name ?? '' } : null,
    materialId: row.material_id,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}
