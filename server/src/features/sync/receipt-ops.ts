// Receipts against purchase orders made on a phone and sent in a sync batch: each recorded once, as
// the online receipt call records it, or parked for a person when it no longer fits the order.
import { createHash } from 'node:crypto';
import {
  type PoReceiptOpSchema,
  PURCHASE_ORDER_NOT_FOUND,
  SYNC_FORBIDDEN,
  SYNC_FUTURE_TOLERANCE_MS,
  SYNC_IN_FUTURE,
  SYNC_KEY_MISMATCH,
  SYNC_ORDER_OTHER_STORE,
  SYNC_TOO_OLD,
  type SyncResult,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { canAccessStore } from '../../lib/auth/policy';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { quantitySum } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import { receiveWithin } from '../purchase-orders/purchase-orders.service';
import { parkOp } from './park-op';
import { findOpContext, insertAppliedReceiptOp, type OpContext, type StoredReceipt } from './sync.repository';
import { type Context, type Refusal, storedResult } from './sync-answers';

export type ReceiptOp = z.output<typeof PoReceiptOpSchema>;

/** The receipt as kept with its op: what a person applies later, unless they correct its lines. */
function storedReceiptOf(op: ReceiptOp): StoredReceipt {
  return {
    receivedAt: op.receivedAt,
    deliveryNote: op.deliveryNote || null,
    lines: op.lines.map(({ lineId, received, damaged }) => ({ lineId, received, damaged })),
  };
}

/** What makes two sendings of a receipt's opId "the same receipt": its order, store, capture time and lines. */
export function receiptFingerprintOf(op: ReceiptOp): string {
  const lines = [...op.lines].sort((a, b) => a.lineId.localeCompare(b.lineId)).map((line) => [line.lineId, line.received, line.damaged]);
  const content = [
    op.kind,
    op.purchaseOrderId,
    op.storeId,
    new Date(op.capturedAt).toISOString(),
    op.receivedAt,
    op.deliveryNote ?? null,
    lines,
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** All a receipt's lines bring in, whole and damaged. */
const arrivedOf = (op: ReceiptOp) => quantitySum(op.lines.flatMap((line) => [line.received, line.damaged]));

/** The receipt's ref for reading what its op meets: an earlier sending, a single call under its id, its order. */
export const receiptRefOf = (op: ReceiptOp) => ({ opId: op.opId, itemKind: 'purchase_order' as const, itemId: op.purchaseOrderId });

/**
 * The answer to a receipt sent before: as the sync answered it, or as the single receipt call that used
 * its id as Idempotency-Key recorded it (the phone lost that call's answer).
 */
function earlierReceiptAnswer(op: ReceiptOp, fingerprint: string, found: OpContext): SyncResult | undefined {
  if (found.stored) return storedResult(found.stored, fingerprint);
  if (!found.keyed) return undefined;
  if (found.keyed.purchase_order_id === op.purchaseOrderId) return { opId: op.opId, status: 'duplicate' };
  return { opId: op.opId, status: 'rejected', code: 'key_mismatch', message: SYNC_KEY_MISMATCH };
}

/** Refusals known before the receipt is tried: its order as it is now, the keeper's stores, its age. */
function refusalBeforeReceipt(op: ReceiptOp, found: OpContext, context: Context): SyncResult | Refusal | undefined {
  const rejected = (code: 'invalid' | 'forbidden', message: string): SyncResult => ({ opId: op.opId, status: 'rejected', code, message });
  if (Date.parse(op.capturedAt) > context.now + SYNC_FUTURE_TOLERANCE_MS) return rejected('invalid', SYNC_IN_FUTURE);
  if (!found.item) return rejected('invalid', PURCHASE_ORDER_NOT_FOUND);
  if (found.item.store_id !== op.storeId) return rejected('invalid', SYNC_ORDER_OTHER_STORE);
  // Never parked: a store's Needs attention list holds only ops of people who may record there.
  if (!canAccessStore(context.auth, op.storeId)) return rejected('forbidden', SYNC_FORBIDDEN);
  if (Date.parse(op.capturedAt) < context.now - context.offlineMaxAgeDays * 86_400_000) {
    return { code: 'too_old', message: SYNC_TOO_OLD(context.offlineMaxAgeDays) };
  }
  return undefined;
}

/**
 * Records a phone's receipt through the receipt service, with its op stored in the same transaction
 * (a replay gets the first answer); one the order refuses now (past its tolerance, closed, the day
 * not allowed) is parked with the refusal's words.
 */
export async function applyReceiptOp(db: Db, op: ReceiptOp, found: OpContext, context: Context): Promise<SyncResult> {
  const userId = context.auth.userId;
  const fingerprint = receiptFingerprintOf(op);
  const receipt = storedReceiptOf(op);
  const stored = {
    userId,
    opId: op.opId,
    fingerprint,
    storeId: op.storeId,
    purchaseOrderId: op.purchaseOrderId,
    capturedAt: op.capturedAt,
  };
  const answerAsStored = async () => {
    const answer = earlierReceiptAnswer(op, fingerprint, await findOpContext(db, userId, receiptRefOf(op)));
    if (!answer) throw new Error(`sync op ${op.opId} was neither stored nor found`);
    return answer;
  };
  const park = (refusal: Refusal) =>
    parkOp(
      db,
      {
        ...stored,
        kind: op.kind,
        itemKind: null,
        itemId: null,
        quantity: arrivedOf(op),
        reason: '',
        unitCost: null,
        jobId: null,
        costCode: null,
        workerId: null,
        dueAt: null,
        receipt,
        code: refusal.code,
        message: refusal.message,
        available: null,
        location: op.location ?? null,
      },
      answerAsStored,
    );

  const earlier = earlierReceiptAnswer(op, fingerprint, found);
  if (earlier) return earlier;
  const early = refusalBeforeReceipt(op, found, context);
  if (early && 'status' in early) return early;
  if (early) return park(early);
  try {
    const receiptId = await runTransaction(db, async (tx) => {
      const recorded = await receiveWithin(tx, context, op.purchaseOrderId, op, op.opId);
      await insertAppliedReceiptOp(tx, { ...stored, quantity: arrivedOf(op) }, receipt, recorded.receiptId);
      return recorded.receiptId;
    });
    return { opId: op.opId, status: 'applied', receiptId };
  } catch (error) {
    // The same op sent again at the same moment stored its row first: this transaction wrote nothing.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return answerAsStored();
    if (error instanceof AppError) return park({ code: 'receipt_refused', message: error.message });
    throw error;
  }
}
