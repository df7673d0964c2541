import { PARKED_PER_SENDER_MAX, SYNC_PARKED_FULL, type SyncCode, type SyncResult } from '@stockyard/contract';
import type { Db } from '../../db/client';
import { runTransaction } from '../../lib/transaction';
import { insertParkedOpWithin, type ParkedInsert } from './sync.repository';
import { parkedResult } from './sync-answers';

/**
 * Parks an op for a person, unless its sender's list in that store is full (the phone then keeps the op
 * and sends it again later); an op stored meanwhile by another sending is answered as stored.
 */
export async function parkOp(db: Db, row: ParkedInsert, answerAsStored: () => Promise<SyncResult>): Promise<SyncResult> {
  const parked = await runTransaction(db, (tx) => insertParkedOpWithin(tx, row, PARKED_PER_SENDER_MAX));
  if (parked.isFull) return { opId: row.opId, status: 'rejected', code: 'parked_full', message: SYNC_PARKED_FULL };
  if (!parked.id) return answerAsStored();
  return parkedResult(row.opId, parked.id, row.code as SyncCode, row.message, row.available);
}
