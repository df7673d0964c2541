import type { Count, CountLine, CountSummary } from '@stockyard/contract';
import { UNKNOWN_USER } from '@stockyard/contract';
import { quantityLess, quantityOf } from '../../lib/quantities';
import type { CountLineRow, CountRow } from './counts.repository';

function isoOrNull(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function person(id: string | null, name: string | null) {
  return id ? { _id: id, name: name ?? UNKNOWN_USER } : null;
}

export function presentCountSummary(row: CountRow): CountSummary {
  return {
    _id: row.id,
    store: { _id: row.store_id, name: row.store_name },
    itemKind: row.item_kind,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: person(row.created_by, row.created_by_name),
    submittedAt: isoOrNull(row.submitted_at),
    closedAt: isoOrNull(row.closed_at),
    closedBy: person(row.closed_by, row.closed_by_name),
    lineCount: row.line_count,
    countedCount: row.counted_count,
  };
}

/** A line as the caller sees it: with `isBlind` the expected quantity, the difference and what moved since stay hidden. */
export function presentCountLine(row: CountLineRow, isBlind: boolean): CountLine {
  const difference = row.counted !== null && row.expected !== null ? quantityLess(row.counted, row.expected) : null;
  return {
    itemId: row.item_id,
    name: row.name,
    unit: row.unit,
    decimals: row.decimals,
    ...(row.tracks_expiry ? { tracksExpiry: true } : {}),
    counted: quantityOf(row.counted),
    expected: isBlind ? null : quantityOf(row.expected),
    difference: isBlind ? null : difference,
    countedAt: isoOrNull(row.counted_at),
    countedBy: person(row.counted_by, row.counted_by_name),
    attachments: row.attachments,
    movementsSince: isBlind ? 0 : row.movements_since,
    movedSince: isBlind ? null : quantityOf(row.moved_since),
    reason: row.reason,
    ...(row.batches
      ? {
          batches: row.batches.map((batch) => ({
            batch: batch.batch,
            expiresOn: batch.expiresOn,
            counted: quantityOf(batch.counted),
            expected: isBlind ? null : quantityOf(batch.expected),
          })),
        }
      : {}),
  };
}

export function presentCount(row: CountRow, lines: CountLine[], view: { isBlind: boolean; canPost: boolean }): Count {
  return { ...presentCountSummary(row), ...view, tolerancePercent: row.tolerance_percent, lines };
}
