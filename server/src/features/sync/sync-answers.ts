// What an op of a phone's batch is answered before and after the ledger: its fingerprint, a replay's
// stored answer, the refusals known before the ledger is tried, and a shortfall's message.
import { createHash } from 'node:crypto';
import {
  DAMAGE_EXCEEDS_AVAILABLE,
  MATERIAL_NOT_FOUND,
  MATERIAL_REFUND_EXCEEDS,
  NOT_ENOUGH_STOCK,
  SYNC_FORBIDDEN,
  SYNC_FUTURE_TOLERANCE_MS,
  SYNC_ITEM_GONE,
  SYNC_KEY_MISMATCH,
  SYNC_TOO_OLD,
  SYNC_WRONG_STORE,
  type SyncCode,
  type SyncOpKind,
  type SyncOpSchema,
  type SyncResult,
  TOOL_NOT_FOUND,
  toolRefundExceeds,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { MovementKind } from '../../db/schema';
import { canAccessStore } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { quantityLess, quantityOf } from '../../lib/quantities';
import type { ItemRow } from '../movements/movements.service';
import type { OpContext, SyncOpRow } from './sync.repository';

export type Op = z.output<typeof SyncOpSchema>;

/** The ledger kind each op kind records. */
export const LEDGER_KINDS: Record<SyncOpKind, MovementKind> = {
  issue: 'issue',
  damage: 'damage',
  return: 'return',
  restock: 'purchase',
  transfer: 'transfer_in',
  'tool-issue': 'issue',
  'tool-damage': 'damage',
  'tool-return': 'return',
};

/** What makes two sendings of an opId "the same op": its content, the capture time read as an instant. */
export function fingerprintOf(op: Op): string {
  const content: unknown[] = [op.kind, op.itemKind, op.itemId, op.quantity, op.reason, new Date(op.capturedAt).toISOString(), op.storeId];
  if (op.workerId) content.push(op.workerId, op.dueAt ?? null);
  if (op.unitCost !== undefined) content.push({ unitCost: op.unitCost });
  if (op.unit !== undefined) content.push({ unit: op.unit });
  if (op.jobId !== undefined) content.push({ jobId: op.jobId, costCode: op.costCode ?? null });
  if (op.location !== undefined) content.push({ location: op.location });
  if (op.signature !== undefined) content.push({ signature: op.signature });
  if (op.batch !== undefined || op.expiresOn !== undefined) content.push({ batch: op.batch ?? null, expiresOn: op.expiresOn ?? null });
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The answer a stored op gives to a replay of it: what happened the first time, never a second movement. */
export function storedResult(row: SyncOpRow, fingerprint: string): SyncResult {
  if (row.fingerprint !== fingerprint) return { opId: row.op_id, status: 'rejected', code: 'key_mismatch', message: SYNC_KEY_MISMATCH };
  if (row.state === 'applied') return { opId: row.op_id, status: 'duplicate', movementId: row.movement_id ?? undefined };
  return parkedResult(row.op_id, row.id, row.code as SyncCode, row.message ?? '', quantityOf(row.available));
}

export function parkedResult(opId: string, parkedId: string, code: SyncCode, message: string, available: number | null): SyncResult {
  return { opId, status: 'parked', code, message, parkedId, ...(available === null ? {} : { available }) };
}

/** Why the ledger refused a movement that its item's counters could not take, and how much could be moved. */
export function shortfallOf(op: Pick<Op, 'kind' | 'itemKind'>, current: ItemRow): { message: string; available: number } {
  const ledgerKind = LEDGER_KINDS[op.kind];
  if (ledgerKind === 'return') {
    const returnable = quantityLess(current.consumed_quantity, current.custody_quantity);
    return { message: op.itemKind === 'tool' ? toolRefundExceeds(returnable) : MATERIAL_REFUND_EXCEEDS, available: returnable };
  }
  return {
    message: ledgerKind === 'damage' ? DAMAGE_EXCEEDS_AVAILABLE : NOT_ENOUGH_STOCK,
    available: quantityOf(current.available_quantity),
  };
}

export type Context = { auth: AuthContext; offlineMaxAgeDays: number; timeZone: string; now: number };
export type Refusal = { code: SyncCode; message: string; available?: number };

/** Refusals known before the ledger is tried: the op's item and store as they are now, and its age. */
export function refusalBeforeLedger(op: Op, item: OpContext['item'], context: Context): SyncResult | Refusal | undefined {
  if (!item) {
    return { opId: op.opId, status: 'rejected', code: 'invalid', message: op.itemKind === 'tool' ? TOOL_NOT_FOUND : MATERIAL_NOT_FOUND };
  }
  if (item.store_id !== op.storeId) return { opId: op.opId, status: 'rejected', code: 'invalid', message: SYNC_WRONG_STORE };
  // Never parked: a store's Needs attention list holds only ops of people who may record there.
  if (!canAccessStore(context.auth, op.storeId)) return { opId: op.opId, status: 'rejected', code: 'forbidden', message: SYNC_FORBIDDEN };
  if (item.is_deleted) return { code: 'item_gone', message: SYNC_ITEM_GONE };
  if (Date.parse(op.capturedAt) < context.now - context.offlineMaxAgeDays * 86_400_000) {
    return { code: 'too_old', message: SYNC_TOO_OLD(context.offlineMaxAgeDays) };
  }
  return undefined;
}

/** The answer to an op sent before: by sync (as it was answered), or as a single call's Idempotency-Key. */
export function earlierAnswer(op: Op, fingerprint: string, found: OpContext): SyncResult | undefined {
  if (found.stored) return storedResult(found.stored, fingerprint);
  if (!found.keyed) return undefined;
  // The phone sent it as a single call whose answer was lost: that call recorded it.
  if (found.keyed.movement_id) return { opId: op.opId, status: 'duplicate', movementId: found.keyed.movement_id };
  return { opId: op.opId, status: 'rejected', code: 'key_mismatch', message: SYNC_KEY_MISMATCH };
}

/**
 * Whether an op meets nothing before the ledger (no earlier sending, no refusal known yet, no handover,
 * no job to check): it can go with the batch's.
 */
export function isLedgerReady(op: Op, found: OpContext, context: Context): boolean {
  return (
    !op.workerId &&
    !op.jobId &&
    !op.unitIds &&
    !op.unit &&
    !earlierAnswer(op, fingerprintOf(op), found) &&
    Date.parse(op.capturedAt) <= context.now + SYNC_FUTURE_TOLERANCE_MS &&
    !refusalBeforeLedger(op, found.item, context)
  );
}
