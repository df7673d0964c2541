import {
  ATTACHMENTS_ADDED,
  DUE_IN_PAST,
  INVALID_VALUE,
  JOB_REQUIRED,
  NOT_ENOUGH_STOCK,
  PoReceiptOpSchema,
  SYNC_FUTURE_TOLERANCE_MS,
  SYNC_IN_FUTURE,
  SYNC_ITEM_GONE,
  SYNC_OP_DISCARDED,
  SYNC_OP_NOT_FOUND,
  SYNC_OP_NOT_RECORDED,
  SYNC_WORKER_GONE,
  type SyncCode,
  SyncOpSchema,
  type SyncResult,
  TOOL_NOT_FOUND,
  UNIT_NOT_FOUND,
  WORKER_INACTIVE,
  WORKER_NOT_FOUND,
  WORKER_OTHER_STORE,
} from '@stockyard/contract';
import { describeMessage } from '@stockyard/contract/message-codes';
import { booksClosed, storeInactive } from '@stockyard/contract/messages';
import Big from 'big.js';
import type { Db, Tx } from '../../db/client';
import { instantAt } from '../../db/sql';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, DEADLOCK_DETECTED, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { retryOnContention, runTransaction } from '../../lib/transaction';
import { checkOutRecorded } from '../custody/custody.service';
import { recordWithJob } from '../jobs/jobs.service';
import { inStockUnit } from '../materials/materials.service';
import {
  addAttachmentsIn,
  batchMoveOf,
  decimalsRefusal,
  jobRefusal,
  type MovementInput,
  recordMovement,
  recordMovementWithId,
  recordSyncedMovements,
  trackingRefusal,
} from '../movements/movements.service';
import { jobChargeOfOp, namesNoJob } from './op-job';
import { parkOp } from './park-op';
import { applyReceiptOp, type ReceiptOp, receiptRefOf } from './receipt-ops';
import { findAvailable, findOpContext, findOpContexts, findOpLines, type OpContext } from './sync.repository';

import {
  type Context,
  earlierAnswer,
  fingerprintOf,
  isLedgerReady,
  LEDGER_KINDS,
  type Op,
  type Refusal,
  refusalBeforeLedger,
  shortfallOf,
} from './sync-answers';

/**
 * Applies one op through the ledger statement, or parks it; a replay gets the first answer. `found`
 * is its context read with the batch's; if another request stored the op since, the statement fails on
 * the op's unique keys and the stored answer is given.
 */
async function applyOp(db: Db, sent: Op, found: OpContext, context: Context): Promise<SyncResult> {
  const userId = context.auth.userId;
  const fingerprint = fingerprintOf(sent);
  // An op entered in another unit is applied (and parked) in the stock unit, once converted below.
  let op = sent;
  const answerAsStored = async () => {
    const answer = earlierAnswer(op, fingerprint, await findOpContext(db, userId, op));
    if (!answer) throw new Error(`sync op ${op.opId} was neither stored nor found`);
    return answer;
  };
  const park = (refusal: Refusal) =>
    parkOp(
      db,
      {
        userId,
        opId: op.opId,
        fingerprint,
        storeId: op.storeId,
        kind: op.kind,
        itemKind: op.itemKind,
        itemId: op.itemId,
        quantity: op.quantity,
        reason: op.reason,
        unitCost: op.unitCost ?? null,
        jobId: op.jobId ?? null,
        costCode: op.costCode ?? null,
        capturedAt: op.capturedAt,
        workerId: op.workerId ?? null,
        dueAt: op.dueAt ?? null,
        unitIds: op.unitIds ?? null,
        location: op.location ?? null,
        signature: op.signature ?? null,
        batch: op.batch ?? null,
        expiresOn: op.expiresOn ?? null,
        code: refusal.code,
        message: refusal.message,
        available: refusal.available ?? null,
      },
      answerAsStored,
    );

  const earlier = earlierAnswer(op, fingerprint, found);
  if (earlier) return earlier;
  let stock: Awaited<ReturnType<typeof inStockUnit>> | undefined;
  if (sent.unit) {
    try {
      stock = await inStockUnit(db, context.auth, sent.itemId, sent);
    } catch (error) {
      if (error instanceof AppError) return { opId: op.opId, status: 'rejected', code: 'invalid', message: error.message };
      throw error;
    }
    op = { ...sent, quantity: stock.quantity, unit: undefined, unitCost: stockUnitCost(sent, stock.quantity) };
  }
  if (Date.parse(op.capturedAt) > context.now + SYNC_FUTURE_TOLERANCE_MS) {
    return { opId: op.opId, status: 'rejected', code: 'invalid', message: SYNC_IN_FUTURE };
  }
  const early = refusalBeforeLedger(op, found.item, context);
  if (early && 'status' in early) return early;
  if (early) return park(early);
  if (op.workerId) return applyHandover(db, op, fingerprint, context, { park, answerAsStored });

  const kind = LEDGER_KINDS[op.kind];
  let result: Awaited<ReturnType<typeof recordMovement>>;
  let input: MovementInput | undefined;
  const capturedOn = todayIn(context.timeZone, new Date(op.capturedAt));
  try {
    const job = await jobChargeOfOp(db, op);
    // A serial tool's units move in a second statement: both in one transaction, or neither.
    const within = (work: (db: Db | Tx) => Promise<Awaited<ReturnType<typeof recordMovement>>>) =>
      op.unitIds || op.batch ? runTransaction(db, work) : work(db);
    result = await retryOnContention(() =>
      within((outer) =>
        recordWithJob(outer, { kind, itemId: op.itemId, quantity: op.quantity, job }, (tx) => {
          input = {
            itemKind: op.itemKind,
            itemId: op.itemId,
            storeIds: storeScopeOf(context.auth),
            kind,
            quantity: op.quantity,
            actorId: userId,
            occurredAt: instantAt(op.capturedAt),
            reason: op.reason || null,
            unitCost: stock?.entered ? null : (op.unitCost ?? null),
            entered: stock?.entered,
            job,
            namesNoJob: namesNoJob(op, job),
            idempotencyKey: op.opId,
            syncOp: { userId, opId: op.opId, fingerprint, kind: op.kind, reason: op.reason, capturedAt: op.capturedAt },
            unitIds: op.unitIds,
            serviceGate: { today: capturedOn, isOverridden: false },
            today: capturedOn,
            location: op.location,
            batch: op.batch && op.itemKind === 'material' ? batchMoveOf(kind, op.batch, capturedOn, op.expiresOn) : undefined,
          };
          return recordMovement(tx, input);
        }),
      ),
    );
  } catch (error) {
    // The same op sent again at the same moment stored its row first: this statement wrote nothing.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return answerAsStored();
    const unitRefusal = unitRefusalOf(error);
    if (unitRefusal) return park(unitRefusal);
    // The job it names is unknown, closed, not of its store, or holds less than a return gives back.
    if (error instanceof AppError) return park({ code: 'job_refused', message: error.message });
    throw error;
  }
  if (result.isRecorded) return { opId: op.opId, status: 'applied', movementId: result.movementId };
  // Between the checks above and the statement, the item or the keeper's store went away.
  if (!result.current) return park({ code: 'item_gone', message: SYNC_ITEM_GONE });
  // A quantity with more decimals than its item takes, or a serial tool's op that names no units (or a
  // count tool's that names some), cannot be applied as sent.
  const tracking =
    decimalsRefusal({ itemKind: op.itemKind, quantity: op.quantity }, result.current) ??
    trackingRefusal({ itemKind: op.itemKind, kind, unitIds: op.unitIds }, result.current);
  if (tracking) return { opId: op.opId, status: 'rejected', code: 'invalid', message: tracking.message };
  if (result.store) {
    const { storeName, isActive, isClosed, lockedThrough } = result.store;
    if (isActive && !isClosed) return park({ code: 'job_refused', message: JOB_REQUIRED });
    return park({ code: 'store_closed', message: isActive ? booksClosed(storeName, lockedThrough ?? '') : storeInactive(storeName) });
  }
  if (result.job) return park({ code: 'job_refused', message: jobRefusal(result.job, result.current.store_name).message });
  // A material kept by batch: its op is split over batches by expiry (or goes back to the batch issued).
  if (result.current.tracks_expiry && input) {
    try {
      const { movementId } = await recordMovementWithId(db, input, { notFound: SYNC_ITEM_GONE, refused: () => NOT_ENOUGH_STOCK });
      return { opId: op.opId, status: 'applied', movementId };
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) return answerAsStored();
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'bad_request') return { opId: op.opId, status: 'rejected', code: 'invalid', message: error.message };
      return park({ code: 'insufficient_stock', message: error.message });
    }
  }
  return park({ code: 'insufficient_stock', ...shortfallOf(op, result.current) });
}

/** An op's cost per unit in the stock unit, when it came in another unit: what it costs in all over the stock quantity. */
function stockUnitCost(op: Op, stockQuantity: number): string | undefined {
  if (op.unitCost === undefined) return undefined;
  return new Big(op.unitCost).times(op.quantity).div(stockQuantity).round(4, Big.roundHalfUp).toString();
}

/**
 * The parking reason of an op its units refused: one held back by its service (or a worker without
 * the tool's qualification), or a unit no longer where the op takes it from.
 */
function unitRefusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof AppError)) return undefined;
  const code = describeMessage(error.message).code;
  if (code === 'service_due' || code === 'qualificationMissing') return { code: 'service_due', message: error.message };
  if (code === 'unitNotHere' || error.message === UNIT_NOT_FOUND) return { code: 'unit_unavailable', message: error.message };
  return undefined;
}

/** The codes a refused handover parks with, by the refusal's message. */
const HANDOVER_REFUSALS: Record<string, SyncCode> = {
  [WORKER_NOT_FOUND]: 'worker_gone',
  [WORKER_INACTIVE]: 'worker_gone',
  [WORKER_OTHER_STORE]: 'worker_gone',
  [TOOL_NOT_FOUND]: 'item_gone',
  [NOT_ENOUGH_STOCK]: 'insufficient_stock',
};

/**
 * A tool issue that hands the tools to a worker: the custody record and its ledger statement (which
 * stores the op) in one transaction, as Issued Tool records it online, at the time it was captured.
 */
async function applyHandover(
  db: Db,
  op: Op,
  fingerprint: string,
  context: Context,
  outcomes: { park: (refusal: Refusal) => Promise<SyncResult>; answerAsStored: () => Promise<SyncResult> },
): Promise<SyncResult> {
  const userId = context.auth.userId;
  try {
    const { movementId } = await runTransaction(db, (tx) =>
      checkOutRecorded(
        tx,
        context.auth,
        op.itemId,
        {
          workerId: op.workerId as string,
          quantity: op.quantity,
          dueAt: op.dueAt,
          unitIds: op.unitIds,
          location: op.location,
          signature: op.signature,
        },
        {
          timeZone: context.timeZone,
          idempotencyKey: op.opId,
          capturedAt: op.capturedAt,
          syncOp: { userId, opId: op.opId, fingerprint, kind: op.kind, reason: op.reason, capturedAt: op.capturedAt },
        },
      ),
    );
    return { opId: op.opId, status: 'applied', movementId };
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return outcomes.answerAsStored();
    if (!(error instanceof AppError)) throw error;
    if (error.message === DUE_IN_PAST) return { opId: op.opId, status: 'rejected', code: 'invalid', message: DUE_IN_PAST };
    const unitRefusal = unitRefusalOf(error);
    if (unitRefusal) return outcomes.park(unitRefusal);
    if (error.code === 'bad_request') return { opId: op.opId, status: 'rejected', code: 'invalid', message: error.message };
    const code = HANDOVER_REFUSALS[error.message];
    if (code === 'insufficient_stock') {
      return outcomes.park({ code, message: NOT_ENOUGH_STOCK, available: (await findAvailable(db, 'tool', op.itemId)) ?? 0 });
    }
    if (code) return outcomes.park({ code, message: code === 'worker_gone' ? SYNC_WORKER_GONE : SYNC_ITEM_GONE });
    // The only other refusal is the store's: marked Inactive, or its books closed.
    return outcomes.park({ code: 'store_closed', message: error.message });
  }
}

/**
 * Applies a phone's queued movements, each item's in the order they were captured, so one refused op
 * never holds back the others. Receipts against purchase orders go first, one by one in the order
 * captured: they only bring stock in, so an issue captured after one finds its goods. The movements go
 * in rounds, the first of each item's ops, then the second…: a round's ops that meet nothing before
 * the ledger are recorded together, one statement for the materials and one for the tools; the others,
 * and any the statement left out, one by one (a statement each, or a parked row). Answers one result
 * per op, in the order they were sent.
 */
export async function syncMovements(
  db: Db,
  auth: AuthContext,
  ops: { opId: string; kind?: unknown }[],
  options: { offlineMaxAgeDays: number; timeZone: string },
): Promise<SyncResult[]> {
  const context: Context = { auth, offlineMaxAgeDays: options.offlineMaxAgeDays, timeZone: options.timeZone, now: Date.now() };
  const results: SyncResult[] = new Array(ops.length);
  const valid: { index: number; op: Op }[] = [];
  const receipts: { index: number; op: ReceiptOp }[] = [];
  ops.forEach((raw, index) => {
    const rejected = (issues: { message: string }[]): SyncResult => ({
      opId: raw.opId,
      status: 'rejected',
      code: 'invalid',
      message: issues[0]?.message ?? INVALID_VALUE,
    });
    if (raw.kind === 'po-receipt') {
      const parsed = PoReceiptOpSchema.safeParse(raw);
      if (parsed.success) receipts.push({ index, op: parsed.data });
      else results[index] = rejected(parsed.error.issues);
      return;
    }
    const parsed = SyncOpSchema.safeParse(raw);
    if (parsed.success) valid.push({ index, op: parsed.data });
    else results[index] = rejected(parsed.error.issues);
  });
  const byCapture = (a: { index: number; op: { capturedAt: string } }, b: { index: number; op: { capturedAt: string } }) =>
    Date.parse(a.op.capturedAt) - Date.parse(b.op.capturedAt) || a.index - b.index;
  receipts.sort(byCapture);
  valid.sort(byCapture);
  const contexts = await findOpContexts(db, auth.userId, [...valid.map(({ op }) => op), ...receipts.map(({ op }) => receiptRefOf(op))]);
  const foundFor = (op: { opId: string }) => contexts.get(op.opId) as OpContext;
  for (const { index, op } of receipts) results[index] = await applyReceiptOp(db, op, foundFor(op), context);
  for (const round of roundsByItem(valid)) {
    const ready = round.filter(({ op }) => isLedgerReady(op, foundFor(op), context));
    const recorded = await recordTogether(
      db,
      context,
      ready.map(({ op }) => op),
    );
    const alone: typeof round = [];
    for (const entry of round) {
      const movementId = recorded.get(entry.op.opId);
      if (movementId) results[entry.index] = { opId: entry.op.opId, status: 'applied', movementId };
      else alone.push(entry);
    }
    await inLanes(alone, async ({ index, op }) => {
      results[index] = await applyOp(db, op, foundFor(op), context);
    });
  }
  return results;
}

/** A batch statement that fails on a key another sending stored meanwhile, or on a deadlock, leaves its ops to be tried alone. */
const TRIED_ALONE_AFTER = new Set([UNIQUE_VIOLATION, DEADLOCK_DETECTED]);

/**
 * Records ops of different items together (see recordSyncedMovements): the movement id of each op
 * recorded. When the statement fails as a whole (an op stored meanwhile by another sending), none is,
 * and each is then tried alone.
 */
async function recordTogether(db: Db, context: Context, ops: Op[]): Promise<Map<string, string>> {
  const recorded = new Map<string, string>();
  for (const itemKind of ['material', 'tool'] as const) {
    const ofKind = ops.filter((op) => op.itemKind === itemKind);
    if (ofKind.length === 0) continue;
    try {
      const ids = await recordSyncedMovements(db, {
        itemKind,
        storeIds: storeScopeOf(context.auth),
        actorId: context.auth.userId,
        ops: ofKind.map((op) => ({
          itemId: op.itemId,
          kind: LEDGER_KINDS[op.kind],
          quantity: op.quantity,
          reason: op.reason || null,
          unitCost: op.unitCost ?? null,
          location: op.location,
          syncOp: {
            userId: context.auth.userId,
            opId: op.opId,
            fingerprint: fingerprintOf(op),
            kind: op.kind,
            reason: op.reason,
            capturedAt: op.capturedAt,
          },
        })),
      });
      for (const [opId, movementId] of ids) recorded.set(opId, movementId);
    } catch (error) {
      if (!TRIED_ALONE_AFTER.has(databaseErrorCode(error) ?? '')) throw error;
    }
  }
  return recorded;
}

/** The ops in rounds: the first op of each item, then the second, and so on, each item's in the order given. */
function roundsByItem<T extends { op: Op }>(entries: T[]): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const key = `${entry.op.itemKind}:${entry.op.itemId}`;
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    if (round === rounds.length) rounds.push([]);
    rounds[round]?.push(entry);
  }
  return rounds;
}

/** How many ops of a round are applied alone side by side. */
const SYNC_LANES = 8;

/** Applies entries of different items a few at a time: their commits then share the database's flushes to disk. */
async function inLanes<T>(entries: T[], apply: (entry: T) => Promise<void>): Promise<void> {
  const waiting = [...entries];
  const worker = async () => {
    for (let entry = waiting.shift(); entry; entry = waiting.shift()) await apply(entry);
  };
  await Promise.all(Array.from({ length: Math.min(SYNC_LANES, waiting.length) }, worker));
}

/**
 * Attaches photos the phone queued with an op to the lines the op became (by sync, or by a single call
 * under the op's id), however late they arrive: 404 while the op has not reached the server, 409 while it
 * waits in Needs attention, and 409 with its own message once discarded, so the phone lets its photos go.
 */
export function attachToOp(db: Db, auth: AuthContext, opId: string, fileIds: string[], requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const op = await findOpLines(tx, auth.userId, opId);
    if (!op) throw new AppError('not_found', SYNC_OP_NOT_FOUND);
    if (op.state === 'discarded') throw new AppError('conflict', SYNC_OP_DISCARDED);
    const [first, ...rest] = op.movementIds;
    if (!first) throw new AppError('conflict', SYNC_OP_NOT_RECORDED);
    // A receipt's photos go on each line it wrote; the answer shows the first line's.
    const attachments = await addAttachmentsIn(tx, auth, first, fileIds, { isQueuedWithIt: true });
    for (const movementId of rest) await addAttachmentsIn(tx, auth, movementId, fileIds, { isQueuedWithIt: true });
    return { status: 200 as const, body: { message: ATTACHMENTS_ADDED, attachments } };
  });
}
