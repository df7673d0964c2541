import type { ExpiringQuerySchema, ExpiringResponse } from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { quantityOf } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import { findExpiring, notifyExpiry, tryExpiryCheckLock } from './expiry.repository';

/** The caller's batches in stock that expire within the window (each store's own by default), expired first. */
export async function listExpiring(
  db: DbOrTx,
  auth: AuthContext,
  query: z.output<typeof ExpiringQuerySchema>,
  timeZone: string,
): Promise<ExpiringResponse> {
  assertStoreVisible(auth, query.storeId);
  const rows = await findExpiring(db, { ...query, storeIds: storeScopeOf(auth), today: todayIn(timeZone) });
  return {
    batches: rows.map((row) => ({
      materialId: row.material_id,
      material: row.material,
      unit: row.unit,
      storeId: { _id: row.store_id, name: row.store_name },
      batch: row.batch,
      expiresOn: row.expires_on,
      quantity: quantityOf(row.quantity),
      isExpired: row.days_left < 0,
      daysLeft: row.days_left,
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Tells the keepers of a material's batches that came into their warning window or expired (after stock came in). */
export function notifyExpiryOf(db: DbOrTx, materialId: string, today: string): Promise<number> {
  return notifyExpiry(db, { today, materialId });
}

/**
 * Tells keepers of every batch that came into its window or expired since the last check: under a
 * transaction-scoped advisory lock, so of several processes one checks at a time (and the marking
 * UPDATEs tell once even without it). How many batches it told of, or null when another process held the lock.
 */
export function checkExpiry(db: Db, timeZone: string): Promise<number | null> {
  return runTransaction(db, async (tx) => {
    if (!(await tryExpiryCheckLock(tx))) return null;
    return notifyExpiry(tx, { today: todayIn(timeZone) });
  });
}
