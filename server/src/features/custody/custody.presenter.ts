import type { Attachment, Custody } from '@stockyard/contract';
import { UNKNOWN_USER } from '@stockyard/contract';
import type { CustodyRow } from './custody.repository';

export function presentCustody(row: CustodyRow): Custody {
  return {
    _id: row.id,
    toolId: row.tool_id,
    workerId: row.worker_id,
    storeId: row.store_id,
    tool: { _id: row.tool_id, name: row.tool_name },
    worker: { _id: row.worker_id, name: row.worker_name, trade: row.worker_trade },
    store: { _id: row.store_id, name: row.store_name },
    quantity: row.quantity,
    outstanding: row.outstanding,
    returnedGood: row.returned_good,
    returnedDamaged: row.returned_damaged,
    lost: row.lost,
    dueAt: new Date(row.due_at).toISOString(),
    status: row.outstanding > 0 ? 'open' : 'closed',
    isOverdue: row.is_overdue,
    daysOverdue: row.days_overdue,
    issuedBy: row.issued_by ? { _id: row.issued_by, name: row.issued_by_name ?? UNKNOWN_USER } : null,
    issuedAt: new Date(row.issued_at).toISOString(),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
    units: row.units ?? [],
    serviceDue: row.service_due,
    signatures: (row.signatures ?? []).map((signature) => ({
      event: signature.event,
      fileId: signature.fileId,
      workerName: signature.workerName,
      signedAt: new Date(signature.signedAt).toISOString(),
      signedBy: signature.signedBy ? { _id: signature.signedBy, name: signature.signedByName ?? UNKNOWN_USER } : null,
    })),
    photos: row.photos as Attachment[],
  };
}
