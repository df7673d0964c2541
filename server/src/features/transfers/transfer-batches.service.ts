import { batchRequired } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { quantityLess, quantityOf } from '../../lib/quantities';
import { tracksExpiry } from '../movements/movements.service';
import { findSentBatches } from './transfers.repository';

/** A share of a receipt line: the batch it goes into (none for a material not kept by batch) and how much. */
export type ReceiptPart = { batch?: { name: string; expiresOn?: string }; quantity: number };

/** A receipt line of an item not kept by batch: all that arrived, then what of it arrived damaged. */
export function wholeParts(arrived: { total: number; damaged: number }): { received: ReceiptPart[]; damaged: ReceiptPart[] } {
  return { received: [{ quantity: arrived.total }], damaged: arrived.damaged > 0 ? [{ quantity: arrived.damaged }] : [] };
}

/** Takes `quantity` from `pools` in their order, each at most what it has left. */
function takeInOrder<P extends { left: number }>(pools: P[], quantity: number): { pool: P; quantity: number }[] {
  const taken: { pool: P; quantity: number }[] = [];
  let wanted = quantity;
  for (const pool of pools) {
    if (wanted <= 0) break;
    if (pool.left <= 0) continue;
    const share = quantityLess(wanted, pool.left) > 0 ? pool.left : wanted;
    taken.push({ pool, quantity: share });
    pool.left = quantityLess(pool.left, share);
    wanted = quantityLess(wanted, share);
  }
  return taken;
}

/**
 * Where a transfer line's receipt goes at a receiving material kept by batch: into the batches the
 * sender dispatched, each under its name and expiry, those that expire first first, as far as they
 * were not received already. A line sent with no batches goes into the batch the receipt names.
 * Answers the received parts and, of them, the damaged parts; one part without a batch otherwise.
 */
export async function receiptParts(
  tx: DbOrTx,
  line: { id: string; name: string },
  receivingItemId: string,
  arrived: { total: number; damaged: number; batch?: string; expiresOn?: string },
): Promise<{ received: ReceiptPart[]; damaged: ReceiptPart[] }> {
  if (!(await tracksExpiry(tx, receivingItemId))) return wholeParts(arrived);
  const sent = (await findSentBatches(tx, line.id)).map((row) => ({
    batch: { name: row.batch, expiresOn: row.expires_on ?? undefined },
    left: quantityLess(quantityOf(row.sent), quantityOf(row.received)),
  }));
  if (sent.length === 0) {
    if (!arrived.batch) throw new AppError('bad_request', batchRequired(line.name));
    sent.push({ batch: { name: arrived.batch, expiresOn: arrived.expiresOn }, left: arrived.total });
  }
  const received = takeInOrder(sent, arrived.total).map(({ pool, quantity }) => ({ batch: pool.batch, quantity, left: quantity }));
  const damaged = takeInOrder(received, arrived.damaged).map(({ pool, quantity }) => ({ batch: { name: pool.batch.name }, quantity }));
  return { received: received.map(({ batch, quantity }) => ({ batch, quantity })), damaged };
}
