import type { MovementListQuerySchema } from '@stockyard/contract';
import { booksClosed, storeInactive } from '@stockyard/contract/messages';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type ItemRow, type MovementInput, recordMovement, type StoreRefusal } from './ledger.repository';
import { presentMovement } from './movements.presenter';
import { findMovementRows } from './movements.repository';

export { appendMovement, type ItemRow, type MovementInput } from './ledger.repository';

/** The messages of a refused movement: no such item of the caller's, or a counter that would go below zero. */
export type Refusals<R> = { notFound: string; refused: (current: R) => string };

/**
 * Records one movement through the ledger statement and returns the item's new row; a refusal is a
 * 404 (not found or not the caller's) or a 409 with the caller's message.
 */
export async function recordMovementOrRefuse<R extends ItemRow>(db: DbOrTx, input: MovementInput, refusals: Refusals<R>): Promise<R> {
  return (await recordMovementWithId(db, input, refusals)).item;
}

/** recordMovementOrRefuse, also giving the new ledger row's id. */
export async function recordMovementWithId<R extends ItemRow>(
  db: DbOrTx,
  input: MovementInput,
  refusals: Refusals<R>,
): Promise<{ item: R; movementId: string }> {
  const result = await recordMovement<R>(db, input);
  if (result.isRecorded) return { item: result.item, movementId: result.movementId };
  if (!result.current) throw new AppError('not_found', refusals.notFound);
  if (result.store) throw new AppError('conflict', storeRefusalMessage(result.store));
  throw new AppError('conflict', refusals.refused(result.current));
}

/** The message of a movement its store refuses: Inactive first, then closed books. */
export function storeRefusalMessage(store: StoreRefusal): string {
  if (!store.isActive) return storeInactive(store.storeName);
  return booksClosed(store.storeName, store.lockedThrough ?? '');
}

/** The ledger, newest first, within the caller's stores. */
export async function listMovements(
  db: DbOrTx,
  storeIds: string[] | null,
  query: z.output<typeof MovementListQuerySchema>,
  timeZone: string,
) {
  const { rows, total } = await findMovementRows(db, { ...query, storeIds, timeZone });
  return { movements: rows.map(presentMovement), total };
}
