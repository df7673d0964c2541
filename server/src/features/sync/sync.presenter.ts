import type { ParkedMovement, SyncCode, SyncOpKind } from '@stockyard/contract';
import type { SyncOpRow } from './sync.repository';

const iso = (value: string | Date) => new Date(value).toISOString();

export function presentParked(row: SyncOpRow): ParkedMovement {
  return {
    _id: row.id,
    opId: row.op_id,
    kind: row.kind as SyncOpKind,
    itemKind: row.item_kind,
    itemId: row.item_id,
    itemName: row.item_name,
    unit: row.unit ?? '',
    store: { _id: row.store_id, name: row.store_name },
    quantity: row.quantity,
    reason: row.reason,
    capturedAt: iso(row.captured_at),
    code: row.code as SyncCode,
    message: row.message ?? '',
    available: row.available,
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
