import { type Transfer, type TransferStatus, transferReference } from '@stockyard/contract';
import { canAccessStore } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { quantityLess, quantityOf, quantitySum } from '../../lib/quantities';
import type { TransferHistoryRow, TransferLineRow, TransferRow } from './transfers.repository';

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const person = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

/** "40 bag Cement, 2 Drill": lines as a notification says them. */
export function linesText(lines: { quantity: number; unit: string; name: string }[]): string {
  return lines.map((line) => [line.quantity, line.unit, line.name].filter(Boolean).join(' ')).join(', ');
}

/** Sent and not yet received, damaged or written off; nothing is in transit while a draft or cancelled. */
export function inTransitOf(line: TransferLineRow, status: string): number {
  return status === 'draft' || status === 'cancelled' ? 0 : quantityLess(line.quantity, line.received, line.damaged, line.lost);
}

export function presentTransfer(row: TransferRow, lines: TransferLineRow[], auth: AuthContext): Transfer {
  const presented = lines.map((line) => ({
    _id: line.id,
    itemKind: line.item_kind,
    itemId: line.from_item_id,
    toItemId: line.to_item_id,
    name: line.name,
    unit: line.unit,
    decimals: line.decimals,
    quantity: quantityOf(line.quantity),
    received: quantityOf(line.received),
    damaged: quantityOf(line.damaged),
    lost: quantityOf(line.lost),
    inTransit: inTransitOf(line, row.status),
  }));
  const sum = (field: 'quantity' | 'received' | 'damaged' | 'lost' | 'inTransit') => quantitySum(presented.map((line) => line[field]));
  const isInTransit = row.status === 'dispatched' || row.status === 'partially_received';
  return {
    _id: row.id,
    reference: transferReference(row.id),
    fromStore: { _id: row.from_store_id, name: row.from_store_name },
    toStore: { _id: row.to_store_id, name: row.to_store_name },
    status: row.status as TransferStatus,
    requestId: row.request_id,
    createdBy: person(row.created_by, row.created_by_name),
    createdAt: new Date(row.created_at).toISOString(),
    dispatchedBy: person(row.dispatched_by, row.dispatched_by_name),
    dispatchedAt: isoOrNull(row.dispatched_at),
    closedBy: person(row.closed_by, row.closed_by_name),
    closedAt: isoOrNull(row.closed_at),
    closeReason: row.close_reason,
    lines: presented,
    can: {
      dispatch: row.status === 'draft' && canAccessStore(auth, row.from_store_id),
      cancel: row.status === 'draft' && canAccessStore(auth, row.from_store_id),
      receive: isInTransit && canAccessStore(auth, row.to_store_id),
      close: isInTransit && auth.role === 'admin',
    },
    totals: {
      quantity: sum('quantity'),
      received: sum('received'),
      damaged: sum('damaged'),
      lost: sum('lost'),
      inTransit: sum('inTransit'),
    },
  };
}

/** A ledger row of a transfer's lines, as its history lists it. */
export function presentTransferHistory(entry: TransferHistoryRow) {
  return {
    _id: entry.id,
    kind: entry.kind,
    quantity: quantityOf(entry.quantity),
    itemName: entry.item_name,
    storeName: entry.store_name,
    at: new Date(entry.occurred_at).toISOString(),
    actor: entry.actor_name,
    reason: entry.reason,
    attachments: entry.attachments,
  };
}
