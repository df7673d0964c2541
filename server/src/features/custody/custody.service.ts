import {
  CUSTODY_CLOSED,
  CUSTODY_NOT_FOUND,
  type Custody,
  type CustodyListQuerySchema,
  type CustodyReturnRequestSchema,
  custodyReturnTooMany,
  DUE_DATE_CHANGED,
  DUE_IN_PAST,
  type Location,
  NOT_ENOUGH_STOCK,
  OVERRIDE_ADMIN_ONLY,
  qualificationMissing,
  returnedCount,
  SIGNATURE_REQUIRED,
  TOOL_CHECKED_IN,
  TOOL_CHECKED_OUT,
  TOOL_NOT_FOUND,
  WORKER_INACTIVE,
  WORKER_NOT_FOUND,
  WORKER_OTHER_STORE,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { instantAt } from '../../db/sql';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import type { TablePdf } from '../../lib/pdf/table-pdf';
import { recordAudit } from '../audit/audit.service';
import { assertSignatureFile, fileContent } from '../files/files.service';
import { type PrintContext, printedPhotosOf } from '../files/printed-photos';
import { recordMovementWithId, type SyncOpRecord } from '../movements/movements.service';
import { getTool } from '../tools/tools.service';
import { presentCustody } from './custody.presenter';
import {
  type DueTime,
  endOfWorkingDay,
  findCustodyEvents,
  findCustodyRows,
  findOpeningHours,
  insertCustody,
  insertCustodySignature,
  setDueAt,
  storeAsksSignature,
  takeBack,
} from './custody.repository';
import { custodyEventName, custodyFileName, custodyPdf } from './custody-file';
import { holdsQualification } from './qualifications.repository';
import { lockWorker } from './workers.repository';

/**
 * A due time as given (an instant), or the end of the store's working day on a given day or, by
 * default, today; "now" is when the handover happened (a phone's capture time, or the call's).
 */
async function dueTimeOf(db: DbOrTx, storeId: string, dueAt: string | undefined, timeZone: string, handedAt?: string): Promise<DueTime> {
  const at = handedAt ? new Date(handedAt) : new Date();
  if (dueAt && dueAt.length > 10) {
    if (Date.parse(dueAt) < at.getTime()) throw new AppError('bad_request', DUE_IN_PAST);
    return instantAt(dueAt);
  }
  if (dueAt && dueAt < todayIn(timeZone, at)) throw new AppError('bad_request', DUE_IN_PAST);
  return endOfWorkingDay(await findOpeningHours(db, storeId), timeZone, dueAt, handedAt);
}

async function mustFind(db: DbOrTx, auth: AuthContext, id: string, timeZone: string): Promise<Custody> {
  const { rows } = await findCustodyRows(db, { storeIds: storeScopeOf(auth), ids: [id], limit: 1, offset: 0, timeZone });
  if (!rows[0]) throw new AppError('not_found', CUSTODY_NOT_FOUND);
  return presentCustody(rows[0]);
}

/** A custody record's PDF, with the worker's signatures read from wherever files are kept. */
export async function custodyRecordPdf(
  db: Db,
  auth: AuthContext,
  id: string,
  context: PrintContext,
): Promise<{ name: string; pdf: TablePdf }> {
  const record = await mustFind(db, auth, id, context.generated.timeZone);
  const events = await findCustodyEvents(db, id);
  const signatures = await Promise.all(
    record.signatures.map(async (signature) => ({
      ...signature,
      image: (await fileContent(db, auth, signature.fileId, false, context.files)).bytes,
    })),
  );
  const { generated, texts } = context;
  const printed = events.map((line) => ({ ...line, event: custodyEventName(line.kind, texts) }));
  const photos = await printedPhotosOf(db, auth, printed, context);
  return { name: custodyFileName(record), pdf: custodyPdf(record, events, { signatures, photos }, generated, texts) };
}

export async function listCustody(db: DbOrTx, auth: AuthContext, query: z.output<typeof CustodyListQuerySchema>, timeZone: string) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findCustodyRows(db, { ...query, storeIds: storeScopeOf(auth), timeZone });
  return { custody: rows.map(presentCustody), total };
}

/**
 * The worker's signature where the store asks for one: a PNG the person may attach, or a 400 that
 * says it is required. The store's setting is read in the hand-over's or return's transaction.
 */
async function assertSigned(
  tx: Tx,
  check: { storeId: string; signature?: string; reader: { userId: string; storeIds: string[] | null } },
): Promise<void> {
  if (check.signature) return assertSignatureFile(tx, check.reader, check.signature);
  if (await storeAsksSignature(tx, check.storeId)) {
    throw new AppError('bad_request', SIGNATURE_REQUIRED, [{ path: 'body.signature', message: SIGNATURE_REQUIRED }]);
  }
}

/**
 * Hands a quantity of a tool to a worker of its store until a due time: a custody record and a
 * `checkout` movement (issued, and in custody) in one transaction; refused like an issue when there
 * is not enough. The worker's row is locked, so they cannot be deactivated while it happens.
 */
export function checkOut(
  db: Db,
  auth: AuthContext,
  toolId: string,
  input: CheckoutInput,
  context: { timeZone: string; requestKey?: RequestKey },
) {
  return runIdempotent(db, context.requestKey, async (tx, idempotencyKey) => {
    const { custodyId, movementId } = await checkOutRecorded(tx, auth, toolId, input, { timeZone: context.timeZone, idempotencyKey });
    const custody = await mustFind(tx, auth, custodyId, context.timeZone);
    // The stored answer names the ledger row, so the same op synced later answers duplicate with it.
    return { status: 201 as const, body: { message: TOOL_CHECKED_OUT, custody, tool: await getTool(tx, auth, toolId), movementId } };
  });
}

type CheckoutInput = {
  workerId: string;
  quantity: number;
  dueAt?: string;
  unitIds?: string[];
  override?: { reason: string };
  attachments?: string[];
  location?: Location;
  /** The worker's signature (a PNG file), required where the store asks for one. */
  signature?: string;
};

/**
 * checkOut's records, for a phone's queued tool issue too: then handed over when it was captured, and
 * the op stored by the ledger statement (its opId also the Idempotency-Key).
 */
export async function checkOutRecorded(
  tx: Tx,
  auth: AuthContext,
  toolId: string,
  input: CheckoutInput,
  context: { timeZone: string; idempotencyKey?: string; capturedAt?: string; syncOp?: SyncOpRecord; actorId?: string },
): Promise<{ custodyId: string; movementId: string }> {
  const scope = storeScopeOf(auth);
  // A parked op applied by another person stays the keeper's who recorded it.
  const actorId = context.actorId ?? auth.userId;
  if (input.override && auth.role !== 'admin') throw new AppError('forbidden', OVERRIDE_ADMIN_ONLY);
  const tool = await getTool(tx, auth, toolId);
  const storeId = tool.storeId._id;
  const worker = await lockWorker(tx, input.workerId, scope);
  if (!worker) throw new AppError('not_found', WORKER_NOT_FOUND);
  if (!worker.is_active) throw new AppError('conflict', WORKER_INACTIVE);
  if (worker.store_id !== storeId) throw new AppError('bad_request', WORKER_OTHER_STORE);
  const today = todayIn(context.timeZone, context.capturedAt ? new Date(context.capturedAt) : undefined);
  // The worker's row is locked, so their qualifications are read as they stand for this handover.
  if (tool.requiresQualification && !input.override && !(await holdsQualification(tx, worker.id, tool.requiresQualification, today))) {
    throw new AppError('conflict', qualificationMissing(worker.name, tool.requiresQualification));
  }
  await assertSigned(tx, { storeId, signature: input.signature, reader: { userId: actorId, storeIds: scope } });
  const dueAt = await dueTimeOf(tx, storeId, input.dueAt, context.timeZone, context.capturedAt);
  const custodyId = await insertCustody(tx, {
    storeId,
    toolId,
    workerId: worker.id,
    quantity: input.quantity,
    dueAt,
    issuedBy: actorId,
    issuedAt: context.capturedAt,
  });
  const { movementId } = await recordMovementWithId(
    tx,
    {
      itemKind: 'tool',
      itemId: toolId,
      storeIds: scope,
      kind: 'checkout',
      quantity: input.quantity,
      actorId,
      workerId: worker.id,
      custodyId,
      idempotencyKey: context.idempotencyKey,
      occurredAt: context.capturedAt ? instantAt(context.capturedAt) : undefined,
      syncOp: context.syncOp,
      unitIds: input.unitIds,
      attachments: input.attachments,
      location: input.location,
      serviceGate: { today, isOverridden: Boolean(input.override) },
      reason: input.override ? input.override.reason : null,
    },
    { notFound: TOOL_NOT_FOUND, refused: () => NOT_ENOUGH_STOCK },
  );
  if (input.override) {
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'override',
      entityType: 'custody',
      entityId: custodyId,
      entityName: `${input.quantity} × ${tool.name} with ${worker.name}`,
      storeId,
      details: { reason: input.override.reason, units: input.unitIds ?? [], requiresQualification: tool.requiresQualification },
    });
  }
  if (input.signature) {
    await insertCustodySignature(tx, {
      custodyId,
      event: 'handover',
      movementId,
      fileId: input.signature,
      workerId: worker.id,
      signedBy: actorId,
      signedAt: context.capturedAt ? instantAt(context.capturedAt) : undefined,
    });
  }
  return { custodyId, movementId };
}

/** Checks tools back in, idempotently: a repeat of the request answers the first return. */
export function checkIn(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof CustodyReturnRequestSchema>,
  context: { timeZone: string; requestKey?: RequestKey },
) {
  return runIdempotent(db, context.requestKey, async (tx) => ({
    status: 200 as const,
    body: { message: TOOL_CHECKED_IN, custody: await checkInIn(tx, auth, id, input, context.timeZone) },
  }));
}

/**
 * Checks tools back in from a custody record: good ones become available again, damaged ones are
 * recorded as damage, lost ones as a loss, each with the worker and the note. The record's
 * outstanding falls first, in one conditional statement, so returns can never exceed what is out.
 */
async function checkInIn(
  tx: Tx,
  auth: AuthContext,
  id: string,
  input: z.output<typeof CustodyReturnRequestSchema>,
  timeZone: string,
): Promise<Custody> {
  const scope = storeScopeOf(auth);
  const back = returnedCount(input.good) + returnedCount(input.damaged) + returnedCount(input.lost);
  const record = await takeBack(tx, { id, back, storeIds: scope });
  if (!record) {
    const current = await mustFind(tx, auth, id, timeZone);
    throw new AppError('conflict', current.outstanding === 0 ? CUSTODY_CLOSED : custodyReturnTooMany(current.outstanding));
  }
  await assertSigned(tx, { storeId: record.store_id, signature: input.signature, reader: { userId: auth.userId, storeIds: scope } });
  const parts = [
    ['checkin', input.good],
    ['damaged_return', input.damaged],
    ['loss', input.lost],
  ] as const;
  const lines: string[] = [];
  for (const [kind, part] of parts) {
    const quantity = returnedCount(part);
    if (quantity === 0) continue;
    const { movementId } = await recordMovementWithId(
      tx,
      {
        itemKind: 'tool',
        itemId: record.tool_id,
        storeIds: scope,
        kind,
        quantity,
        actorId: auth.userId,
        workerId: record.worker_id,
        custodyId: id,
        reason: input.note || null,
        unitIds: typeof part === 'number' ? undefined : part,
        attachments: input.attachments,
        location: input.location,
      },
      // The record's outstanding is part of the tool's custody counter, so this cannot go below zero.
      { notFound: TOOL_NOT_FOUND, refused: () => CUSTODY_CLOSED },
    );
    lines.push(movementId);
  }
  const [signed] = lines;
  if (input.signature && signed) {
    await insertCustodySignature(tx, {
      custodyId: id,
      event: 'return',
      movementId: signed,
      fileId: input.signature,
      workerId: record.worker_id,
      signedBy: auth.userId,
    });
  }
  return mustFind(tx, auth, id, timeZone);
}

/** Moves the due time of an open custody record, kept in the audit trail. */
export function changeDueAt(db: Db, auth: AuthContext, id: string, dueAt: string, timeZone: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const current = await mustFind(tx, auth, id, timeZone);
    if (current.status === 'closed') throw new AppError('conflict', CUSTODY_CLOSED);
    const before = await setDueAt(tx, { id, dueAt: await dueTimeOf(tx, current.store._id, dueAt, timeZone), storeIds: storeScopeOf(auth) });
    if (before === undefined) throw new AppError('conflict', CUSTODY_CLOSED);
    const updated = await mustFind(tx, auth, id, timeZone);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'custody',
      entityId: id,
      entityName: `${updated.quantity} × ${updated.tool.name} with ${updated.worker.name}`,
      storeId: updated.store._id,
      details: { dueAt: { before: new Date(before).toISOString(), after: updated.dueAt } },
    });
    return { status: 200 as const, body: { message: DUE_DATE_CHANGED, custody: updated } };
  });
}
