import {
  type BatchListResponse,
  batchExpired,
  batchExpiresOtherDay,
  batchNotTracked,
  batchRequired,
  batchShort,
  batchUnknown,
  MATERIAL_NOT_FOUND,
  onlyExpiredLeft,
  type StockBatchListResponse,
  UNITS_CHANGED,
} from '@stockyard/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { MOVEMENT_EFFECTS, type MovementKind } from '../../db/schema';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { quantityLess, quantityOf } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import {
  type BatchMove,
  type BatchRow,
  type BatchState,
  findBatchRows,
  findLastIssuedBatch,
  findMaterialScope,
  findStockBatchRows,
} from './batches.repository';
import { type ItemRow, lockItem, type MovementInput } from './ledger.repository';

/** How a line changes its item's available quantity. */
export function availableDeltaOf(input: Pick<MovementInput, 'kind' | 'quantity'>): number {
  return (MOVEMENT_EFFECTS[input.kind].available_quantity ?? 0) * input.quantity;
}

/** The kinds that may not take an expired batch: what goes to use, here or at another store. */
const TAKES_ONLY_UNEXPIRED = new Set<string>(['issue', 'transfer_out']);

/** The kinds that bring stock from outside the store, each batch with the day it expires. */
const BRINGS_NEW_BATCHES = new Set<string>(['purchase', 'delivery', 'transfer_in']);

/** The day a line's batches are judged expired on: the caller's, else today in UTC. */
function todayOf(input: Pick<MovementInput, 'today'>): string {
  return input.today ?? todayIn('UTC');
}

/** The batch a line of `kind` names, with the day it is checked against when that kind may not take an expired one. */
export function batchMoveOf(kind: MovementKind, name: string, today: string | undefined, expiresOn?: string): BatchMove {
  return { name, expiresOn, today: TAKES_ONLY_UNEXPIRED.has(kind) ? (today ?? todayIn('UTC')) : undefined };
}

/** A line naming a batch. */
function withBatch(input: MovementInput, name: string): MovementInput {
  return { ...input, batch: batchMoveOf(input.kind, name, input.today) };
}

/**
 * Why a material's line was refused for its batch, or null when its batch was not why: a batch sent
 * for a material not kept by batch, none sent for one that is, a batch it does not have, another
 * expiry for a batch it has, an expired batch for an issue, or a batch that holds less.
 */
export function batchRefusal(input: MovementInput, current: ItemRow, state: BatchState | null | undefined): AppError | null {
  const delta = availableDeltaOf(input);
  if (input.itemKind !== 'material' || delta === 0) return null;
  if (!current.tracks_expiry) return input.batch ? new AppError('bad_request', batchNotTracked(current.name)) : null;
  const batch = input.batch;
  if (!batch) return new AppError('bad_request', batchRequired(current.name));
  if (!state) {
    if (delta > 0 && batch.expiresOn) return null;
    // A new batch brought in needs its expiry; any other line names a batch the store has.
    if (delta > 0 && BRINGS_NEW_BATCHES.has(input.kind)) return new AppError('bad_request', batchRequired(current.name));
    return new AppError('conflict', batchUnknown(current.name, batch.name));
  }
  if (delta > 0 && batch.expiresOn && state.expiresOn !== batch.expiresOn) {
    return new AppError('conflict', batchExpiresOtherDay(current.name, batch.name, state.expiresOn ?? '—'));
  }
  if (batch.today && state.expiresOn && state.expiresOn < batch.today) {
    return new AppError('conflict', batchExpired(current.name, batch.name, state.expiresOn));
  }
  if (delta < 0 && quantityLess(state.quantity, -delta) < 0) {
    return new AppError('conflict', batchShort(current.name, batch.name, quantityOf(state.quantity)));
  }
  return null;
}

/**
 * What an outbound line naming no batch takes of a material kept by batch: its unexpired batches, those
 * that expire first first, as one line per batch. Refused (409) when they cannot cover it: naming an
 * expired batch when one holds stock, else with the caller's message.
 */
export function splitByExpiry(
  material: string,
  quantity: number,
  batches: BatchRow[],
  refusal: () => AppError,
): { batch: string; quantity: number }[] {
  const parts: { batch: string; quantity: number }[] = [];
  let left = quantity;
  for (const row of batches) {
    if (left <= 0) break;
    if (row.is_expired) continue;
    const held = quantityOf(row.quantity);
    const taken = quantityLess(left, held) > 0 ? held : left;
    parts.push({ batch: row.batch, quantity: taken });
    left = quantityLess(left, taken);
  }
  if (left <= 0) return parts;
  const expired = batches.find((row) => row.is_expired);
  if (expired) throw new AppError('conflict', onlyExpiredLeft(material, expired.batch, expired.expires_on ?? ''));
  throw refusal();
}

/**
 * Records a line of a material kept by batch that named none: an outbound line split over its batches
 * by expiry (each part a ledger line of its own; the last carries the request's key), a return from
 * site back into the batch the newest issue took. Runs under the material's row lock, in the caller's
 * transaction or one of its own. Answers the item after the last line and the first line's id.
 */
export async function recordByBatch<R extends ItemRow>(
  db: DbOrTx,
  input: MovementInput,
  current: R,
  record: (tx: Tx, input: MovementInput) => Promise<{ item: R; movementId: string }>,
  refusal: () => AppError,
): Promise<{ item: R; movementId: string }> {
  const work = async (tx: Tx) => {
    const delta = availableDeltaOf(input);
    if (delta > 0) {
      const batch = input.kind === 'return' ? await findLastIssuedBatch(tx, input.itemId, input.job?.jobId) : undefined;
      if (!batch) throw new AppError('bad_request', batchRequired(current.name));
      return record(tx, withBatch(input, batch));
    }
    await lockItem(tx, 'material', input.itemId);
    const scope = await findMaterialScope(tx, input.itemId, null);
    if (input.entered && scope?.units_version !== input.entered.unitsVersion) throw new AppError('conflict', UNITS_CHANGED);
    const rows = await findBatchRows(tx, input.itemId, todayOf(input));
    const parts = splitByExpiry(current.name, -delta, rows, refusal);
    const sign = Math.sign(input.quantity);
    let result: { item: R; movementId: string } | undefined;
    for (const [index, part] of parts.entries()) {
      const isFirst = index === 0;
      const isLast = index === parts.length - 1;
      const line = withBatch(
        {
          ...input,
          quantity: sign * part.quantity,
          // A split line is in the stock unit; the request's key and answer go with the last, its proof with the first.
          entered: parts.length === 1 ? input.entered : undefined,
          claim: isLast ? input.claim : undefined,
          idempotencyKey: isLast ? input.idempotencyKey : undefined,
          syncOp: isLast ? input.syncOp : undefined,
          attachments: isFirst ? input.attachments : undefined,
          location: isFirst ? input.location : undefined,
        },
        part.batch,
      );
      const recorded = await record(tx, line);
      result = { item: recorded.item, movementId: result?.movementId ?? recorded.movementId };
    }
    if (!result) throw refusal();
    return result;
  };
  return 'rollback' in db ? work(db as Tx) : runTransaction(db as Db, work);
}

/** Whether a live material keeps its stock by batch (a batch label on a line of any other is only a label). */
export async function tracksExpiry(db: DbOrTx, materialId: string): Promise<boolean> {
  return (await findMaterialScope(db, materialId, null))?.tracks_expiry ?? false;
}

/** A batch in stock as an answer shows it. */
function presentBatch(row: BatchRow) {
  return { batch: row.batch, expiresOn: row.expires_on, quantity: quantityOf(row.quantity), isExpired: row.is_expired };
}

/** Every batch in stock of the caller's stores, a page at a time: the phone keeps them for its batch pickers. */
export async function listStockBatches(
  db: DbOrTx,
  auth: AuthContext,
  query: { storeId?: string; limit: number; offset: number },
  timeZone: string,
): Promise<StockBatchListResponse> {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findStockBatchRows(db, { ...query, storeIds: storeScopeOf(auth), today: todayIn(timeZone) });
  return {
    batches: rows.map((row) => ({ materialId: row.material_id, ...presentBatch(row) })),
    total,
  };
}

/** A material's batches in stock, for its store's people: those that expire first first. */
export async function listBatches(
  db: DbOrTx,
  auth: AuthContext,
  materialId: string,
  query: { storeId?: string },
  timeZone: string,
): Promise<BatchListResponse> {
  const scope = await findMaterialScope(db, materialId, storeScopeOf(auth));
  if (!scope) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  if (query.storeId && query.storeId !== scope.store_id) return { batches: [] };
  const rows = await findBatchRows(db, materialId, todayIn(timeZone));
  return {
    batches: rows.map(presentBatch),
  };
}
