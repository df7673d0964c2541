import {
  MATERIAL_NOT_FOUND,
  PARKED_ALREADY_APPLIED,
  PARKED_ALREADY_DISCARDED,
  PARKED_CAPTURER_CANNOT,
  PARKED_LINES_ON_RECEIPTS_ONLY,
  PARKED_NOT_FOUND,
  PARKED_TOO_OLD_FOR_KEEPER,
  type ParkedListQuerySchema,
  type ParkedMovement,
  purchaseOrderNumber,
  type SyncOpKind,
  TOOL_NOT_FOUND,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { instantAt } from '../../db/sql';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { assertDayAllowed } from '../../lib/movement-day';
import { quantityOf } from '../../lib/quantities';
import { runTransaction } from '../../lib/transaction';
import { recordAudit } from '../audit/audit.service';
import { checkOutRecorded } from '../custody/custody.service';
import { recordWithJob } from '../jobs/jobs.service';
import { batchMoveOf, recordMovementWithId } from '../movements/movements.service';
import { receiveWithin } from '../purchase-orders/purchase-orders.service';
import { jobChargeOfOp, namesNoJob } from './op-job';
import { presentParked } from './sync.presenter';
import {
  closeParkedOp,
  findOpenParkedOps,
  findParkedOp,
  instantOfDay,
  mayStillRecord,
  type StoredReceipt,
  type SyncOpRow,
} from './sync.repository';
import { LEDGER_KINDS, shortfallOf } from './sync-answers';

/** The open parked ops of the caller's stores, a page at a time. */
export async function listParked(db: Db, auth: AuthContext, query: z.output<typeof ParkedListQuerySchema>) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findOpenParkedOps(db, { ...query, storeIds: storeScopeOf(auth) });
  return { parked: rows.map(presentParked), total };
}

async function mustFindParked(db: Db, auth: AuthContext, id: string): Promise<SyncOpRow> {
  const row = await findParkedOp(db, id, storeScopeOf(auth));
  if (!row) throw new AppError('not_found', PARKED_NOT_FOUND);
  return row;
}

/**
 * A parked op's movement, as the keeper who captured it and when: a handover through the custody
 * service, any other op through the ledger statement, charged to the job the phone named or the one
 * the applier chose instead. Its opId stays its Idempotency-Key.
 */
async function recordParked(
  tx: Tx,
  auth: AuthContext,
  row: SyncOpRow,
  quantity: number,
  timeZone: string,
  capturedAt: string,
  job: { jobId?: string; costCode?: string },
): Promise<string> {
  const { item_id: itemId, item_kind: itemKind } = row;
  if (!itemId || !itemKind) throw new Error(`parked op ${row.id} names no item`);
  if (row.worker_id) {
    const handover = {
      workerId: row.worker_id,
      quantity,
      dueAt: row.due_at ?? undefined,
      unitIds: row.unit_ids ?? undefined,
      location: row.location ?? undefined,
      signature: row.signature ?? undefined,
    };
    const context = { timeZone, idempotencyKey: row.op_id, capturedAt, actorId: row.user_id };
    return (await checkOutRecorded(tx, auth, itemId, handover, context)).movementId;
  }
  const chosen = { jobId: job.jobId ?? row.job_id, costCode: job.jobId ? job.costCode : row.cost_code };
  const charge = await jobChargeOfOp(tx, { itemId, kind: row.kind, ...chosen });
  const { movementId } = await recordWithJob(tx, { kind: row.kind, itemId, quantity, job: charge }, (within) =>
    recordMovementWithId(
      within,
      {
        itemKind,
        itemId,
        storeIds: storeScopeOf(auth),
        kind: LEDGER_KINDS[row.kind as SyncOpKind],
        quantity,
        actorId: row.user_id,
        occurredAt: instantAt(capturedAt),
        reason: row.reason || null,
        unitCost: row.unit_cost,
        job: charge,
        namesNoJob: namesNoJob(row, charge),
        idempotencyKey: row.op_id,
        unitIds: row.unit_ids ?? undefined,
        serviceGate: { today: todayIn(timeZone), isOverridden: false },
        location: row.location ?? undefined,
        batch: row.batch
          ? batchMoveOf(LEDGER_KINDS[row.kind as SyncOpKind], row.batch, todayIn(timeZone), row.batch_expires_on ?? undefined)
          : undefined,
      },
      {
        notFound: itemKind === 'tool' ? TOOL_NOT_FOUND : MATERIAL_NOT_FOUND,
        refused: (current) => shortfallOf({ kind: row.kind as SyncOpKind, itemKind }, current).message,
      },
    ),
  );
  return movementId;
}

/**
 * A parked receipt, through the receipt service as the keeper who received it: its lines as sent or as
 * corrected, on the day it names (today when it is applied too late for that, or the day chosen).
 */
async function recordParkedReceipt(tx: Tx, auth: AuthContext, row: SyncOpRow, when: RecordTime, options: ApplyOptions) {
  const receipt = row.receipt as StoredReceipt;
  const day = options.day ?? (when.isAsCaptured ? receipt.receivedAt : todayIn(options.timeZone));
  const input = {
    receivedAt: day,
    deliveryNote: receipt.deliveryNote ?? '',
    lines: options.lines ?? receipt.lines,
    location: row.location ?? undefined,
  };
  const context = { auth, timeZone: options.timeZone, offlineMaxAgeDays: options.offlineMaxAgeDays, receivedBy: row.user_id };
  const { receiptId } = await receiveWithin(tx, context, row.purchase_order_id as string, input, row.op_id);
  return { receiptId, lines: input.lines };
}

/**
 * Whether a parked op may still go into the ledger, and when: its sender may still record in its store;
 * a keeper's op older than OFFLINE_MAX_AGE_DAYS is applied only by an admin, now or on a day they
 * choose, never at the date the phone gave it; a day chosen is one the applier may date.
 */
async function whenToRecord(db: Db, auth: AuthContext, row: SyncOpRow, options: ApplyOptions): Promise<RecordTime> {
  const sender = await mayStillRecord(db, row.user_id, row.store_id);
  if (!sender.mayRecord) throw new AppError('conflict', PARKED_CAPTURER_CANNOT);
  const captured = new Date(row.captured_at);
  const isTooOld = sender.role !== 'admin' && captured.getTime() < Date.now() - options.offlineMaxAgeDays * 86_400_000;
  if (isTooOld && auth.role !== 'admin') throw new AppError('forbidden', PARKED_TOO_OLD_FOR_KEEPER(options.offlineMaxAgeDays));
  if (options.day) {
    assertDayAllowed(options.day, { role: auth.role, timeZone: options.timeZone, offlineMaxAgeDays: options.offlineMaxAgeDays });
    return { at: await instantOfDay(db, options.day, options.timeZone), isAsCaptured: false };
  }
  return { at: (isTooOld ? new Date() : captured).toISOString(), isAsCaptured: !isTooOld };
}

/** The instant a parked op goes into the ledger at, and whether that is when it was captured. */
type RecordTime = { at: string; isAsCaptured: boolean };

type ApplyOptions = {
  quantity?: number;
  lines?: StoredReceipt['lines'];
  day?: string;
  jobId?: string;
  costCode?: string;
  timeZone: string;
  offlineMaxAgeDays: number;
};

/** Another person resolved the op while this call ran: its work is undone and the op read again. */
class ResolvedMeanwhile extends Error {}

/**
 * Records a parked op through the ledger (with its quantity, or a corrected one), at the time it was
 * captured (or as `whenToRecord` says), and closes it, in one transaction. Applying an applied op again answers it as it is.
 */
export async function applyParked(db: Db, auth: AuthContext, id: string, options: ApplyOptions): Promise<ParkedMovement> {
  const row = await mustFindParked(db, auth, id);
  const isReceipt = row.kind === 'po-receipt';
  if (row.state === 'discarded') throw new AppError('conflict', PARKED_ALREADY_DISCARDED);
  if (row.state === 'applied') return presentParked(row);
  if (isReceipt ? options.quantity !== undefined : options.lines !== undefined)
    throw new AppError('bad_request', PARKED_LINES_ON_RECEIPTS_ONLY);
  const when = await whenToRecord(db, auth, row, options);
  try {
    await runTransaction(db, async (tx) => {
      if (isReceipt) {
        const { receiptId, lines } = await recordParkedReceipt(tx, auth, row, when, options);
        if (!(await closeParkedOp(tx, id, { state: 'applied', by: auth.userId, receiptId }))) throw new ResolvedMeanwhile();
        await auditParked(tx, auth, row, 'apply', { lines, parkedLines: row.receipt?.lines, receiptId });
        return;
      }
      const applied = options.quantity ?? quantityOf(row.quantity);
      const movementId = await recordParked(tx, auth, row, applied, options.timeZone, when.at, options);
      if (!(await closeParkedOp(tx, id, { state: 'applied', by: auth.userId, movementId }))) throw new ResolvedMeanwhile();
      await auditParked(tx, auth, row, 'apply', {
        quantity: applied,
        parkedQuantity: quantityOf(row.quantity),
        movementId,
        ...(options.jobId ? { jobId: options.jobId, costCode: options.costCode ?? null } : {}),
      });
    });
  } catch (error) {
    if (!(error instanceof ResolvedMeanwhile)) throw error;
    return applyParked(db, auth, id, options);
  }
  return presentParked(await mustFindParked(db, auth, id));
}

/** Discards a parked op with the reason why: it never reaches the ledger. Discarding it again answers it as it is. */
export async function discardParked(db: Db, auth: AuthContext, id: string, reason: string): Promise<ParkedMovement> {
  const row = await mustFindParked(db, auth, id);
  if (row.state === 'applied') throw new AppError('conflict', PARKED_ALREADY_APPLIED);
  if (row.state === 'discarded') return presentParked(row);
  const isDiscarded = await runTransaction(db, async (tx) => {
    if (!(await closeParkedOp(tx, id, { state: 'discarded', by: auth.userId, reason }))) return false;
    await auditParked(tx, auth, row, 'discard', { reason, quantity: quantityOf(row.quantity) });
    return true;
  });
  if (!isDiscarded) return discardParked(db, auth, id, reason);
  return presentParked(await mustFindParked(db, auth, id));
}

function auditParked(
  tx: Parameters<typeof recordAudit>[0],
  auth: AuthContext,
  row: SyncOpRow,
  action: 'apply' | 'discard',
  details: object,
) {
  return recordAudit(tx, {
    actorId: auth.userId,
    action,
    entityType: 'parked_movement',
    entityId: row.id,
    entityName: `${row.kind} of ${row.order_number === null ? (row.item_name ?? row.item_id) : purchaseOrderNumber(row.order_number)}`,
    storeId: row.store_id,
    details: {
      ...details,
      opId: row.op_id,
      code: row.code,
      recordedBy: row.user_name,
      capturedAt: new Date(row.captured_at).toISOString(),
    },
  });
}
