import {
  ALREADY_REVERSED,
  ATTACHMENT_HOURS,
  ATTACHMENTS_ADDED,
  ATTACHMENTS_MAX,
  ATTACHMENTS_ONLY_RECORDER,
  ATTACHMENTS_TOO_LATE,
  ATTACHMENTS_TOO_MANY,
  type Attachment,
  CUSTODY_KINDS,
  CUSTODY_NOT_REVERSIBLE,
  DELIVERY_NOT_REVERSIBLE,
  decimalsOf,
  JOB_REQUIRED,
  jobClosed,
  jobNotOfStore,
  KEEPER_REVERSAL_HOURS,
  MATERIAL_NOT_FOUND,
  MOVEMENT_CURSOR_NOT_VALID,
  MOVEMENT_CURSOR_START,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_NOT_FOUND,
  MOVEMENT_REVERSED,
  type Movement,
  type MovementKind,
  type MovementListQuerySchema,
  quantityDecimals,
  quantityWhole,
  REVERSAL_COUNTER_GONE,
  REVERSAL_NOT_REVERSIBLE,
  REVERSE_OWN_ONLY,
  REVERSE_TOO_OLD,
  reversalWouldGoNegative,
  SERIAL_TOOL_NOT_MOVED_HERE,
  SUPPLIER_RETURN_NOT_REVERSIBLE,
  TOOL_NOT_FOUND,
  TRANSFER_KINDS,
  TRANSFER_NOT_REVERSIBLE,
  UNIT_KINDS,
  UNITS_CHANGED,
  UNITS_ON_SERIAL_TOOLS_ONLY,
  unitsRequired,
} from '@stockyard/contract';
import { booksClosed, storeInactive } from '@stockyard/contract/messages';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { type ItemKind, MOVEMENT_EFFECTS } from '../../db/schema';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { quantityLess, quantityOf } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { notifyExpiryOf } from '../expiry/expiry.service';
import { assertAttachable } from '../files/files.service';
import { assertStoreTakesStock, resolveTargetStore } from '../stores/stores.service';
import { insertOpeningBatch } from './batches.repository';
import { availableDeltaOf, batchRefusal, recordByBatch } from './batches.service';
import {
  appendMovement,
  type ItemRow,
  type JobRefusal,
  lockItem,
  type MovementInput,
  recordMovement,
  reversedValue,
  type StoreRefusal,
} from './ledger.repository';
import { presentMovement } from './movements.presenter';
import {
  addMovementAttachments,
  type FeedPosition,
  findMovementAttachments,
  findMovementRow,
  findMovementRows,
} from './movements.repository';
import { findMovedUnits, movesUnits } from './unit-moves.repository';

export { setTracksExpiry } from './batches.repository';
export { batchMoveOf, listBatches, listStockBatches, tracksExpiry } from './batches.service';
export {
  appendMovement,
  type EnteredUnit,
  type ItemRow,
  type JobCharge,
  lockItem,
  type MovementInput,
  moveIncoming,
  recordMovement,
  recordSyncedMovements,
  revaluedBy,
  type SyncOpRecord,
} from './ledger.repository';

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
  // A batch's line locks its material first: in a transaction, the caller's or its own.
  if (input.batch && input.itemKind === 'material' && !('rollback' in db)) {
    return runTransaction(db as Db, (tx) => recordMovementWithId(tx, input, refusals));
  }
  if (input.attachments?.length) {
    await assertAttachable(db, { userId: input.actorId ?? '', storeIds: input.storeIds }, input.attachments);
  }
  const result = await recordMovement<R>(db, input);
  if (result.isRecorded) {
    // A batch brought in may already be expiring, or expired: its keepers are told now, not at the next check.
    if (input.batch && availableDeltaOf(input) > 0) await notifyExpiryOf(db, input.itemId, input.today ?? todayIn('UTC'));
    return { item: result.item, movementId: result.movementId };
  }
  if (!result.current) throw new AppError('not_found', refusals.notFound);
  const current = result.current;
  const decimals = decimalsRefusal(input, current);
  if (decimals) throw decimals;
  const tracking = trackingRefusal(input, current);
  if (tracking) throw tracking;
  // A line of a material kept by batch that named none: split by expiry, or back into the batch issued.
  if (input.itemKind === 'material' && current.tracks_expiry && !input.batch && availableDeltaOf(input) !== 0) {
    return recordByBatch(
      db,
      input,
      current,
      (tx, line) => recordMovementWithId<R>(tx, line, refusals),
      () => new AppError('conflict', refusals.refused(current)),
    );
  }
  const batch = batchRefusal(input, current, result.batch);
  if (batch) throw batch;
  if (result.store) throw storeRefusal(result.store);
  if (result.job) throw jobRefusal(result.job, current.store_name);
  if (result.unitsChanged) throw new AppError('conflict', UNITS_CHANGED);
  throw new AppError('conflict', refusals.refused(current));
}

/** A line whose quantity carries more decimals than its item takes: a material's own decimals, none for a tool. */
export function decimalsRefusal(input: Pick<MovementInput, 'itemKind' | 'quantity'>, current: ItemRow): AppError | null {
  const decimals = input.itemKind === 'material' ? (current.decimals ?? 0) : 0;
  if (decimalsOf(input.quantity) <= decimals) return null;
  return new AppError(
    'bad_request',
    input.itemKind === 'material' ? quantityDecimals(current.name, decimals) : quantityWhole(current.name),
  );
}

/**
 * A tool's line refused for how the tool is tracked: a serial tool's must name its units (and can
 * only be one that moves units), a count tool's names none.
 */
export function trackingRefusal(
  input: Pick<MovementInput, 'itemKind' | 'kind' | 'unitIds' | 'reversesId'>,
  current: ItemRow,
): AppError | null {
  if (input.itemKind !== 'tool') return null;
  if (current.tracking === 'serial' && !input.unitIds) {
    return movesUnits(input.kind) && !input.reversesId
      ? new AppError('bad_request', unitsRequired(current.name))
      : new AppError('conflict', SERIAL_TOOL_NOT_MOVED_HERE);
  }
  if (current.tracking === 'count' && input.unitIds) return new AppError('bad_request', UNITS_ON_SERIAL_TOOLS_ONLY);
  return null;
}

/** A job that closed, or stopped drawing from the store, between its check and the movement's statement. */
export function jobRefusal(job: JobRefusal, storeName: string): AppError {
  return job.isActive ? new AppError('bad_request', jobNotOfStore(job.code, storeName)) : new AppError('conflict', jobClosed(job.code));
}

/** A movement its store refuses: Inactive first, then closed books, then a job it must name. */
function storeRefusal(store: StoreRefusal): AppError {
  if (!store.isActive) return new AppError('conflict', storeInactive(store.storeName));
  if (store.isClosed) return new AppError('conflict', booksClosed(store.storeName, store.lockedThrough ?? ''));
  return new AppError('bad_request', JOB_REQUIRED);
}

/**
 * The ledger within the caller's stores: newest first by date, or with `after` in commit order from
 * a cursor, answering the cursor to send next.
 */
export async function listMovements(db: DbOrTx, auth: AuthContext, query: z.output<typeof MovementListQuerySchema>, timeZone: string) {
  assertStoreVisible(auth, query.storeId);
  const after = query.after === undefined ? undefined : feedPositionOf(query.after);
  const { rows, total } = await findMovementRows(db, { ...query, after, storeIds: storeScopeOf(auth), timeZone });
  const now = Date.now();
  const movements = rows.map((row) => presentMovement(row, reversalRefusal(auth, row, now) === null, auth));
  if (!after) return { movements, total };
  const last = rows.at(-1);
  return { movements, total, next: last ? feedCursorOf({ tx: last.feed_tx, id: last.id }) : (query.after ?? '') };
}

/** A feed cursor is opaque to its reader: the last row's transaction and id. */
function feedCursorOf(position: FeedPosition): string {
  return Buffer.from(`${position.tx}.${position.id}`).toString('base64url');
}

const FEED_POSITION = /^(\d{1,20})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const FEED_START: FeedPosition = { tx: '0', id: '00000000-0000-0000-0000-000000000000' };

function feedPositionOf(cursor: string): FeedPosition {
  if (cursor === MOVEMENT_CURSOR_START) return FEED_START;
  const match = FEED_POSITION.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1] || !match[2]) throw new AppError('bad_request', MOVEMENT_CURSOR_NOT_VALID);
  return { tx: match[1], id: match[2] };
}

type Reversible = {
  kind: string;
  actor_id: string | null;
  recorded_at: string | Date;
  reverses_id: string | null;
  reversed_by_id: string | null;
  transfer_line_id: string | null;
};

/**
 * Why the caller may not reverse a movement, or null when they may: a reversal, a delivery (which
 * has its own edit and delete), a return to a supplier and a movement already reversed never; a keeper only their own,
 * within KEEPER_REVERSAL_HOURS of recording it; an admin any other.
 */
function reversalRefusal(auth: AuthContext, movement: Reversible, now: number): AppError | null {
  if (movement.reverses_id) return new AppError('conflict', REVERSAL_NOT_REVERSIBLE);
  if (movement.kind === 'delivery') return new AppError('conflict', DELIVERY_NOT_REVERSIBLE);
  if (movement.kind === 'supplier_return') return new AppError('conflict', SUPPLIER_RETURN_NOT_REVERSIBLE);
  if (CUSTODY_KINDS.includes(movement.kind as MovementKind)) return new AppError('conflict', CUSTODY_NOT_REVERSIBLE);
  if (UNIT_KINDS.includes(movement.kind as MovementKind)) return new AppError('conflict', SERIAL_TOOL_NOT_MOVED_HERE);
  if (TRANSFER_KINDS.includes(movement.kind as MovementKind) || movement.transfer_line_id) {
    return new AppError('conflict', TRANSFER_NOT_REVERSIBLE);
  }
  if (movement.reversed_by_id) return new AppError('conflict', ALREADY_REVERSED);
  if (auth.role === 'admin') return null;
  if (movement.actor_id !== auth.userId) return new AppError('forbidden', REVERSE_OWN_ONLY);
  if (now - new Date(movement.recorded_at).getTime() > KEEPER_REVERSAL_HOURS * 3600_000) return new AppError('forbidden', REVERSE_TOO_OLD);
  return null;
}

/** Reverses a movement, idempotently: a repeat of the request answers the first reversal. */
export function reverseMovement(
  db: Db,
  auth: AuthContext,
  id: string,
  body: { reason: string; attachments?: string[]; today: string },
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx, key) => ({
    status: 200 as const,
    body: { message: MOVEMENT_REVERSED, movement: await reverseMovementIn(tx, auth, id, body, key) },
  }));
}

/**
 * Records the reversal of a movement: the same kind with the opposite quantity, now, linked to it.
 * It goes through the ledger statement like any movement, so it is refused (409) when what it takes
 * back has moved on. The unique index on `reverses_id` lets one of two simultaneous reversals through.
 */
async function reverseMovementIn(
  tx: DbOrTx,
  auth: AuthContext,
  id: string,
  { reason, attachments, today }: { reason: string; attachments?: string[]; today: string },
  key?: string,
): Promise<Movement> {
  const scope = storeScopeOf(auth);
  const original = await findMovementRow(tx, id, scope);
  if (!original) throw new AppError('not_found', MOVEMENT_NOT_FOUND);
  const refusal = reversalRefusal(auth, original, Date.now());
  if (refusal) throw refusal;
  const isMaterial = original.item_kind === 'material';
  const availableEffect = MOVEMENT_EFFECTS[original.kind as Movement['kind']].available_quantity ?? 0;
  // A job's line is undone on the same job, open or closed; undoing an issue first locks the item,
  // so what the job still holds is read with every line of it.
  const job = original.job_id ? { jobId: original.job_id, costCodeId: original.cost_code_id, mustBeOpen: false } : undefined;
  if (job && original.kind === 'issue') await lockItem(tx, 'material', original.item_id);
  // A serial tool's line takes its units back where they were.
  const movedUnits = isMaterial ? [] : await findMovedUnits(tx, original.id);
  let movementId: string;
  // A line of a batch is undone on that batch, whether or not it has expired since.
  const undo = (input: MovementInput) => (original.batch_name ? { ...input, batch: { name: original.batch_name } } : input);
  try {
    ({ movementId } = await recordMovementWithId(
      tx,
      undo({
        itemKind: original.item_kind as 'material' | 'tool',
        itemId: original.item_id,
        storeIds: scope,
        kind: original.kind as Movement['kind'],
        today,
        quantity: quantityLess(0, original.quantity),
        actorId: auth.userId,
        reason,
        reversesId: original.id,
        job,
        idempotencyKey: key,
        // What an outbound line took comes back exactly; an inbound line taken back leaves at the average.
        exactValue: Number(original.quantity) * availableEffect < 0 ? reversedValue(original.id) : undefined,
        unitIds: movedUnits.length > 0 ? movedUnits : undefined,
        attachments,
      }),
      {
        notFound: isMaterial ? MATERIAL_NOT_FOUND : TOOL_NOT_FOUND,
        refused: (current) =>
          quantityLess(current.available_quantity, Number(original.quantity) * availableEffect) < 0
            ? reversalWouldGoNegative(quantityOf(current.available_quantity), quantityOf(original.quantity))
            : REVERSAL_COUNTER_GONE,
      },
    ));
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', ALREADY_REVERSED);
    throw error;
  }
  const { rows } = await findMovementRows(tx, { storeIds: scope, ids: [movementId], limit: 1, offset: 0, timeZone: 'UTC' });
  const row = rows[0];
  if (!row) throw new Error('the reversal just recorded was not found');
  return presentMovement(row, false, auth);
}

/**
 * Makes an item in a store that takes stock, with its starting quantity recorded as its `opening`
 * movement in the same transaction; a live item of the same name in that store is a 409.
 */
export async function createItemWithOpening(
  tx: Tx,
  auth: AuthContext,
  item: {
    itemKind: ItemKind;
    storeId?: string;
    name: string;
    quantity: number;
    /** A material's cost per unit of its starting quantity. */
    unitCost?: string;
    /** The batch a material kept by batch starts with, holding its starting quantity, and today in the app's time zone. */
    batch?: { name: string; expiresOn: string; today: string };
    idempotencyKey?: string;
    insert: (storeId: string) => Promise<string>;
    nameTaken: (name: string) => string;
  },
): Promise<{ id: string; storeId: string }> {
  const storeId = await resolveTargetStore(tx, auth, item.storeId);
  await assertStoreTakesStock(tx, storeId);
  let id: string;
  try {
    id = await item.insert(storeId);
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', item.nameTaken(item.name));
    throw error;
  }
  if (item.quantity > 0) {
    const batchId = item.batch
      ? await insertOpeningBatch(tx, {
          materialId: id,
          storeId,
          name: item.batch.name,
          expiresOn: item.batch.expiresOn,
          quantity: item.quantity,
        })
      : undefined;
    await appendMovement(tx, {
      batchId,
      storeId,
      itemKind: item.itemKind,
      itemId: id,
      kind: 'opening',
      quantity: item.quantity,
      actorId: auth.userId,
      idempotencyKey: item.idempotencyKey,
      unitCost: item.unitCost,
    });
    if (batchId && item.batch) await notifyExpiryOf(tx, id, item.batch.today);
  }
  return { id, storeId };
}

/**
 * Adds photos or documents to a ledger line: only its recorder, within ATTACHMENT_HOURS of it reaching
 * the server, up to ATTACHMENTS_MAX in all; never removes one. Audited; a repeat changes nothing.
 */
export function addAttachments(db: Db, auth: AuthContext, id: string, fileIds: string[], requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 200 as const,
    body: { message: ATTACHMENTS_ADDED, attachments: await addAttachmentsIn(tx, auth, id, fileIds, { isQueuedWithIt: false }) },
  }));
}

/**
 * The step of adding attachments, for a caller's transaction. A photo the phone queued with the line
 * (`isQueuedWithIt`) is attached however late it arrives; any other only within the day.
 */
export async function addAttachmentsIn(
  tx: DbOrTx,
  auth: AuthContext,
  id: string,
  fileIds: string[],
  { isQueuedWithIt }: { isQueuedWithIt: boolean },
): Promise<Attachment[]> {
  const scope = storeScopeOf(auth);
  const line = await findMovementRow(tx, id, scope);
  if (!line) throw new AppError('not_found', MOVEMENT_NOT_FOUND);
  if (line.actor_id !== auth.userId) throw new AppError('forbidden', ATTACHMENTS_ONLY_RECORDER);
  if (!isQueuedWithIt && Date.now() - new Date(line.recorded_at).getTime() > ATTACHMENT_HOURS * 3600_000) {
    throw new AppError('conflict', ATTACHMENTS_TOO_LATE);
  }
  await assertAttachable(tx, { userId: auth.userId, storeIds: scope }, fileIds);
  const result = await addMovementAttachments(tx, {
    movementId: id,
    storeId: line.store_id,
    fileIds,
    actorId: auth.userId,
    max: ATTACHMENTS_MAX,
  });
  if (!result) throw new AppError('conflict', ATTACHMENTS_TOO_MANY);
  if (result.added > 0) {
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'attach',
      entityType: 'movement',
      entityId: id,
      entityName: MOVEMENT_KIND_LABELS[line.kind as MovementKind],
      storeId: line.store_id,
      details: { attachments: fileIds },
    });
  }
  return (await findMovementAttachments(tx, id)) as Attachment[];
}
