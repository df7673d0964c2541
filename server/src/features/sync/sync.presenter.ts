import { type ParkedMovement, type ParkedReceipt, purchaseOrderNumber, type SyncCode } from '@stockyard/contract';
import { quantityOf } from '../../lib/quantities';
import type { SyncOpRow } from './sync.repository';

const iso = (value: string | Date) => new Date(value).toISOString();

export function presentParked(row: SyncOpRow): ParkedMovement {
  return {
    _id: row.id,
    opId: row.op_id,
    kind: row.kind as ParkedMovement['kind'],
    itemKind: row.item_kind,
    itemId: row.item_id,
    itemName: row.item_name,
    unit: row.unit ?? '',
    store: { _id: row.store_id, name: row.store_name },
    quantity: quantityOf(row.quantity),
    reason: row.reason,
    capturedAt: iso(row.captured_at),
    receipt: presentReceipt(row),
    code: row.code as SyncCode,
    message: row.message ?? '',
    available: quantityOf(row.available),
    worker: row.worker_id === null ? null : { _id: row.worker_id, name: row.worker_name ?? '' },
    dueAt: row.due_at,
    job: row.job_id === null ? null : { _id: row.job_id, code: row.job_code },
    costCode: row.cost_code,
    recordedBy: row.user_name,
    parkedAt: iso(row.received_at),
    state: row.state === 'parked' ? 'open' : row.state,
    movementId: row.movement_id,
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
    resolvedBy: row.resolved_by_name,
    discardReason: row.discard_reason,
  };
}

/** A parked receipt's order and lines, each line named as its order names it. */
function presentReceipt(row: SyncOpRow): ParkedReceipt | null {
  if (!row.receipt || row.purchase_order_id === null || row.order_number === null) return null;
  const orderLines = new Map((row.order_lines ?? []).map((line) => [line.lineId, line]));
  return {
    purchaseOrder: { _id: row.purchase_order_id, number: purchaseOrderNumber(row.order_number) },
    receivedAt: row.receipt.receivedAt,
    deliveryNote: row.receipt.deliveryNote,
    lines: row.receipt.lines.map((line) => ({
      ...line,
      name: orderLines.get(line.lineId)?.name ?? '',
      unit: orderLines.get(line.lineId)?.unit ?? '',
    })),
  };
}
