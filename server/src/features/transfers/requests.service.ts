import {
  APPROVAL_LINE_UNKNOWN,
  MATERIAL_NOT_FOUND,
  noSuchItemAtSource,
  REQUEST_ALREADY_OPEN,
  REQUEST_APPROVED,
  REQUEST_CANCELLED,
  REQUEST_FROM_ITSELF,
  REQUEST_NOT_FOUND,
  REQUEST_NOT_SUBMITTED,
  REQUEST_REJECTED,
  REQUEST_SENT,
  type RequestStatus,
  type StockRequest,
  type StockRequestApproveSchema,
  type StockRequestCreateSchema,
  type StockRequestQuerySchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { assertStoreVisible, canAccessStore, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { quantityOf } from '../../lib/quantities';
import { assertFitsDecimals } from '../materials/materials.service';
import { notifyStore } from '../replenishment/notifications.service';
import { assertStoreTakesStock, resolveTargetStore, storeNameOf } from '../stores/stores.service';
import {
  decideRequest,
  findRequest,
  findRequestLines,
  findRequests,
  insertRequest,
  linkTransfer,
  lockRequestedMaterials,
  type RequestLineRow,
  type RequestRow,
} from './requests.repository';
import { linesText } from './transfers.presenter';
import { findItemsByName } from './transfers.repository';
import { createTransferIn } from './transfers.service';

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function present(row: RequestRow, lines: RequestLineRow[], auth: AuthContext): StockRequest {
  return {
    _id: row.id,
    store: { _id: row.store_id, name: row.store_name },
    status: row.status as RequestStatus,
    lines: lines.map((line) => ({
      _id: line.id,
      materialId: line.material_id,
      name: line.name,
      unit: line.unit,
      decimals: line.decimals,
      quantity: quantityOf(line.quantity),
    })),
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? '' } : null,
    createdAt: new Date(row.created_at).toISOString(),
    decidedBy: row.decided_by ? { _id: row.decided_by, name: row.decided_by_name ?? '' } : null,
    decidedAt: isoOrNull(row.decided_at),
    reason: row.reason,
    transferId: row.transfer_id,
    can: {
      decide: row.status === 'submitted' && auth.role === 'admin',
      cancel: row.status === 'submitted' && canAccessStore(auth, row.store_id),
    },
  };
}

export async function getRequest(db: DbOrTx, auth: AuthContext, id: string): Promise<StockRequest> {
  const row = await findRequest(db, id, storeScopeOf(auth));
  if (!row) throw new AppError('not_found', REQUEST_NOT_FOUND);
  return present(row, await findRequestLines(db, [id]), auth);
}

export async function listRequests(db: DbOrTx, auth: AuthContext, query: z.output<typeof StockRequestQuerySchema>) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findRequests(db, { ...query, storeIds: storeScopeOf(auth) });
  const lines = await findRequestLines(
    db,
    rows.map((row) => row.id),
  );
  return {
    requests: rows.map((row) =>
      present(
        row,
        lines.filter((line) => line.request_id === row.id),
        auth,
      ),
    ),
    total,
  };
}

/**
 * Sends a store's request to the warehouse. A material already in an open request is not asked for
 * twice: when every material is, the open request is the answer (`isNew` false); otherwise a new
 * request holds the others. The materials' rows are locked first, so two requests at once take turns.
 */
async function createRequestIn(
  tx: DbOrTx,
  auth: AuthContext,
  input: z.output<typeof StockRequestCreateSchema>,
): Promise<{ request: StockRequest; isNew: boolean }> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  await assertStoreTakesStock(tx, storeId);
  const found = await lockRequestedMaterials(
    tx,
    storeId,
    input.lines.map((line) => line.materialId),
  );
  if (found.length !== input.lines.length) throw new AppError('not_found', MATERIAL_NOT_FOUND);
  await assertFitsDecimals(tx, input.lines);
  const openIn = new Map(found.map((row) => [row.id, row.open_request_id]));
  const fresh = input.lines.filter((line) => !openIn.get(line.materialId));
  if (fresh.length === 0) {
    const openId = found.find((row) => row.open_request_id)?.open_request_id as string;
    return { request: await getRequest(tx, auth, openId), isNew: false };
  }
  const id = await insertRequest(tx, storeId, auth.userId, fresh);
  const request = await getRequest(tx, auth, id);
  await notifyStore(tx, {
    storeId,
    keepers: false,
    admins: true,
    kind: 'request',
    code: 'stockRequested',
    params: [request.store.name, linesText(request.lines)],
    exceptUserId: auth.userId,
  });
  return { request, isNew: true };
}

/**
 * An admin approves a submitted request, from a store of their choice: a draft transfer is made of
 * the sending store's materials of the same names (409 naming one it has not), with the quantities
 * given or those requested. The request's state follows its transfer from now on.
 */
async function approveRequestIn(
  tx: DbOrTx,
  auth: AuthContext,
  id: string,
  input: z.output<typeof StockRequestApproveSchema>,
): Promise<StockRequest> {
  const request = await findRequest(tx, id, null);
  if (!request) throw new AppError('not_found', REQUEST_NOT_FOUND);
  if (input.sourceStoreId === request.store_id) throw new AppError('bad_request', REQUEST_FROM_ITSELF);
  if (!(await decideRequest(tx, id, 'approved', auth.userId))) throw new AppError('conflict', REQUEST_NOT_SUBMITTED);
  const lines = await findRequestLines(tx, [id]);
  const changed = new Map((input.lines ?? []).map((line) => [line.lineId, line.quantity]));
  const unknown = [...changed.keys()].find((lineId) => !lines.some((line) => line.id === lineId));
  if (unknown) throw new AppError('bad_request', APPROVAL_LINE_UNKNOWN);
  const atSource = await findItemsByName(
    tx,
    'material',
    input.sourceStoreId,
    lines.map((line) => line.name),
  );
  const missing = lines.find((line) => !atSource.has(line.name.toLowerCase()));
  if (missing) throw new AppError('conflict', noSuchItemAtSource(missing.name, await storeNameOf(tx, input.sourceStoreId)));
  const transfer = await createTransferIn(tx, auth, {
    fromStoreId: input.sourceStoreId,
    toStoreId: request.store_id,
    requestId: id,
    lines: lines.map((line) => ({
      itemKind: 'material' as const,
      itemId: atSource.get(line.name.toLowerCase()) as string,
      quantity: changed.get(line.id) ?? quantityOf(line.quantity),
    })),
  });
  await linkTransfer(tx, id, transfer._id);
  await notifyStore(tx, {
    storeId: request.store_id,
    keepers: true,
    admins: false,
    kind: 'request',
    code: 'requestApproved',
    params: [transfer.reference, transfer.fromStore.name, linesText(transfer.lines)],
    exceptUserId: auth.userId,
  });
  return getRequest(tx, auth, id);
}

async function rejectRequestIn(tx: DbOrTx, auth: AuthContext, id: string, reason: string): Promise<StockRequest> {
  if (!(await findRequest(tx, id, null))) throw new AppError('not_found', REQUEST_NOT_FOUND);
  if (!(await decideRequest(tx, id, 'rejected', auth.userId, { reason }))) throw new AppError('conflict', REQUEST_NOT_SUBMITTED);
  const request = await getRequest(tx, auth, id);
  await notifyStore(tx, {
    storeId: request.store._id,
    keepers: true,
    admins: false,
    kind: 'request',
    code: 'requestRejected',
    params: [linesText(request.lines), reason],
    exceptUserId: auth.userId,
  });
  return request;
}

/** The requesting store's keeper (or an admin) withdraws a request not yet decided. */
async function cancelRequestIn(tx: DbOrTx, auth: AuthContext, id: string): Promise<StockRequest> {
  const request = await findRequest(tx, id, storeScopeOf(auth));
  if (!request || !canAccessStore(auth, request.store_id)) throw new AppError('not_found', REQUEST_NOT_FOUND);
  if (!(await decideRequest(tx, id, 'cancelled', auth.userId))) throw new AppError('conflict', REQUEST_NOT_SUBMITTED);
  return getRequest(tx, auth, id);
}

/** Sends a request, idempotently: 201 with a new request, 200 with the open one that already asks for all of it. */
export function createRequest(db: Db, auth: AuthContext, input: z.output<typeof StockRequestCreateSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const { request, isNew } = await createRequestIn(tx, auth, input);
    return isNew
      ? { status: 201 as const, body: { message: REQUEST_SENT, request } }
      : { status: 200 as const, body: { message: REQUEST_ALREADY_OPEN, request } };
  });
}

/** Runs a step of a request idempotently, answering its message and the request as it now stands. */
function answerRequest(db: Db, requestKey: RequestKey | undefined, message: string, step: (tx: DbOrTx) => Promise<StockRequest>) {
  return runIdempotent(db, requestKey, async (tx) => ({ status: 200 as const, body: { message, request: await step(tx) } }));
}

export function approveRequest(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof StockRequestApproveSchema>,
  requestKey?: RequestKey,
) {
  return answerRequest(db, requestKey, REQUEST_APPROVED, (tx) => approveRequestIn(tx, auth, id, input));
}

export function rejectRequest(db: Db, auth: AuthContext, id: string, reason: string, requestKey?: RequestKey) {
  return answerRequest(db, requestKey, REQUEST_REJECTED, (tx) => rejectRequestIn(tx, auth, id, reason));
}

export function cancelRequest(db: Db, auth: AuthContext, id: string, requestKey?: RequestKey) {
  return answerRequest(db, requestKey, REQUEST_CANCELLED, (tx) => cancelRequestIn(tx, auth, id));
}
