import { isPoReceiptOp, type PurchaseOrder } from '@stockyard/contract';
import { minusQuantity, plusQuantity } from '../../lib/quantities';
import type { QueuedOp } from '../offline';

/**
 * An order as it stands once the receipts waiting on this phone are in: each line's received and
 * damaged grow by what they hold, and its outstanding shrinks (never below 0).
 */
export function withQueuedReceipts(order: PurchaseOrder, waiting: QueuedOp[]): { order: PurchaseOrder; queued: number } {
  const receipts = waiting.filter(isPoReceiptOp).filter((op) => op.purchaseOrderId === order._id);
  if (receipts.length === 0) return { order, queued: 0 };
  const arrived = new Map<string, { received: number; damaged: number }>();
  for (const line of receipts.flatMap((op) => op.lines)) {
    const sum = arrived.get(line.lineId) ?? { received: 0, damaged: 0 };
    arrived.set(line.lineId, {
      received: plusQuantity(sum.received, line.received ?? 0),
      damaged: plusQuantity(sum.damaged, line.damaged ?? 0),
    });
  }
  const lines = order.lines.map((line) => {
    const more = arrived.get(line._id);
    if (!more) return line;
    return {
      ...line,
      received: plusQuantity(line.received, more.received),
      damaged: plusQuantity(line.damaged, more.damaged),
      outstanding: Math.max(0, minusQuantity(line.outstanding, plusQuantity(more.received, more.damaged))),
    };
  });
  return { order: { ...order, lines }, queued: receipts.length };
}
