import {
  BOOKS_CLOSED,
  BOOKS_REOPENED,
  GEOFENCE_REMOVED,
  GEOFENCE_SAVED,
  type Geofence,
  type ListQuery,
  LOCK_NOT_BEFORE_TODAY,
  lockOnlyForward,
  STORE_CHOICE_NEEDED,
  STORE_CREATED,
  STORE_DELETED,
  STORE_IN_USE,
  STORE_NONE_ASSIGNED,
  STORE_NOT_FOUND,
  STORE_NOT_LOCKED,
  STORE_UPDATED,
  type Store,
  type StoreCreateRequestSchema,
  type StoreUpdateRequest,
  storeNameAmbiguous,
} from '@stockyard/contract';
import { storeInactive } from '@stockyard/contract/messages';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { canAccessStore, NO_STORE_ACCESS, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, databaseErrorCode, FOREIGN_KEY_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { presentStore } from './stores.presenter';
import {
  deleteUnassignedStore,
  findStoreIdsByName,
  findStoreName,
  findStoreRows,
  findStoreStatusShared,
  insertStore,
  lockStoreRow,
  setStoreLock,
  storeExists,
  updateStoreRow,
} from './stores.repository';

/** Stores the caller may see (all for an admin), matching `q` on name or location, newest first. */
export async function listStores(db: DbOrTx, auth: AuthContext, query: ListQuery) {
  const { rows, total } = await findStoreRows(db, { storeIds: storeScopeOf(auth), ...query });
  return { stores: rows.map(presentStore), total };
}

/** Creates a store, idempotently: a repeat of the request (its Idempotency-Key) answers the first store. */
export function createStore(db: Db, actorId: string, input: z.output<typeof StoreCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 201 as const,
    body: { message: STORE_CREATED, store: await createStoreIn(tx, actorId, input) },
  }));
}

async function createStoreIn(tx: Tx, actorId: string, input: z.output<typeof StoreCreateRequestSchema>): Promise<Store> {
  const row = await insertStore(tx, {
    name: input.name,
    location: input.location,
    openingHours: input.openingHours,
    isActive: input.status === 'Active',
  });
  await recordAudit(tx, {
    actorId,
    action: 'create',
    entityType: 'store',
    entityId: row.id,
    entityName: row.name,
    storeId: row.id,
    details: input,
  });
  return presentStore(row);
}

/** Changes a store, idempotently: a repeat of the request (its Idempotency-Key) answers the first change, once audited. */
export function updateStore(db: Db, actorId: string, id: string, input: StoreUpdateRequest, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 200 as const,
    body: { message: STORE_UPDATED, store: await updateStoreIn(tx, actorId, id, input) },
  }));
}

async function updateStoreIn(tx: Tx, actorId: string, id: string, input: StoreUpdateRequest): Promise<Store> {
  // Marking a store Inactive waits for movements being recorded in it (see assertStoreTakesStock).
  if (!(await lockStoreRow(tx, id))) throw new AppError('not_found', STORE_NOT_FOUND);
  const row = await updateStoreRow(tx, id, {
    name: input.name,
    location: input.location,
    isActive: input.isActive,
    countTolerancePercent: input.countTolerancePercent,
    requireJob: input.requireJob,
    signatureOnHandover: input.signatureOnHandover,
    expiryWarningDays: input.expiryWarningDays,
  });
  if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
  await recordAudit(tx, {
    actorId,
    action: 'update',
    entityType: 'store',
    entityId: id,
    entityName: row.name,
    storeId: id,
    details: input,
  });
  return presentStore(row);
}

/**
 * Closes a store's books through a day: from then on nothing may be recorded on or before it. The
 * store row is locked first, so movements being recorded in the store at this moment finish before,
 * and those that come after read the new lock.
 */
export function lockStore(db: Db, actorId: string, id: string, throughDate: string, timeZone: string, requestKey?: RequestKey) {
  if (throughDate >= todayIn(timeZone)) throw new AppError('bad_request', LOCK_NOT_BEFORE_TODAY);
  return runIdempotent(db, requestKey, async (tx) => {
    const current = await lockStoreRow(tx, id);
    if (!current) throw new AppError('not_found', STORE_NOT_FOUND);
    if (current.lockedThrough && current.lockedThrough >= throughDate)
      throw new AppError('conflict', lockOnlyForward(current.lockedThrough));
    const row = await setStoreLock(tx, id, { throughDate, timeZone });
    await recordAudit(tx, {
      actorId,
      action: 'lock',
      entityType: 'store',
      entityId: id,
      entityName: row.name,
      storeId: id,
      details: { throughDate, before: current.lockedThrough },
    });
    return { status: 200 as const, body: { message: BOOKS_CLOSED, store: presentStore(row) } };
  });
}

/** Reopens a store's closed books, with the admin's reason kept in the audit trail. */
export function unlockStore(db: Db, actorId: string, id: string, reason: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    const current = await lockStoreRow(tx, id);
    if (!current) throw new AppError('not_found', STORE_NOT_FOUND);
    if (!current.lockedThrough) throw new AppError('conflict', STORE_NOT_LOCKED);
    const row = await setStoreLock(tx, id, null);
    await recordAudit(tx, {
      actorId,
      action: 'unlock',
      entityType: 'store',
      entityId: id,
      entityName: row.name,
      storeId: id,
      details: { lockedThrough: current.lockedThrough, reason },
    });
    return { status: 200 as const, body: { message: BOOKS_REOPENED, store: presentStore(row) } };
  });
}

/** Sets or removes the circle a store's movements are expected in; audited as a change of the store. */
export function setGeofence(db: Db, actorId: string, id: string, geofence: Geofence | null, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    if (!(await lockStoreRow(tx, id))) throw new AppError('not_found', STORE_NOT_FOUND);
    const row = await updateStoreRow(tx, id, {
      geofenceLat: geofence ? String(geofence.lat) : null,
      geofenceLon: geofence ? String(geofence.lon) : null,
      geofenceRadiusM: geofence?.radiusM ?? null,
    });
    if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entityType: 'store',
      entityId: id,
      entityName: row.name,
      storeId: id,
      details: { geofence },
    });
    const store = presentStore(row);
    return { status: 200 as const, body: { message: geofence ? GEOFENCE_SAVED : GEOFENCE_REMOVED, geofence: store.geofence } };
  });
}

/** Deletes a store that nothing refers to; a store still in use is a 409. */
export async function deleteStore(db: Db, actorId: string, id: string, requestKey?: RequestKey) {
  try {
    return await runIdempotent(db, requestKey, async (tx) => {
      if (!(await storeExists(tx, id))) throw new AppError('not_found', STORE_NOT_FOUND);
      const deleted = await deleteUnassignedStore(tx, id);
      if (!deleted) throw new AppError('conflict', STORE_IN_USE);
      await recordAudit(tx, { actorId, action: 'delete', entityType: 'store', entityId: id, entityName: deleted.name });
      return { status: 200 as const, body: { message: STORE_DELETED } };
    });
  } catch (error) {
    // A foreign key from materials, tools or movements: still in use.
    if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('conflict', STORE_IN_USE);
    throw error;
  }
}

/**
 * The store a new item, stock entry or report is for: the one named, which must be the caller's
 * (403 otherwise: the caller named a store that is not theirs), or a keeper's active store (the first
 * assigned). An admin must name it.
 */
export async function resolveTargetStore(db: DbOrTx, auth: AuthContext, storeId: string | undefined): Promise<string> {
  const target = storeId ?? (auth.role === 'admin' ? undefined : auth.stores[0]);
  if (!target) {
    throw new AppError('bad_request', auth.role === 'admin' ? STORE_CHOICE_NEEDED : STORE_NONE_ASSIGNED);
  }
  if (!canAccessStore(auth, target)) throw new AppError('forbidden', NO_STORE_ACCESS);
  if (!(await storeExists(db, target))) throw new AppError('not_found', STORE_NOT_FOUND);
  return target;
}

/**
 * Refuses new items and deliveries in a store marked Inactive. The store row is read under a
 * key-share lock, as the ledger statement reads it, so a change of status waits for this transaction.
 */
export async function assertStoreTakesStock(tx: DbOrTx, storeId: string): Promise<void> {
  const row = await findStoreStatusShared(tx, storeId);
  if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
  if (!row.is_active) throw new AppError('conflict', storeInactive(row.name));
}

/** Any store, named by id or by its name (compared without case), for an admin's report. */
export async function resolveStoreByIdOrName(db: DbOrTx, query: { storeId?: string; storeName?: string }): Promise<string> {
  if (query.storeId) {
    if (!(await storeExists(db, query.storeId))) throw new AppError('not_found', STORE_NOT_FOUND);
    return query.storeId;
  }
  const ids = await findStoreIdsByName(db, query.storeName ?? '');
  if (ids.length === 0) throw new AppError('not_found', STORE_NOT_FOUND);
  if (ids.length > 1) throw new AppError('bad_request', storeNameAmbiguous(query.storeName ?? ''));
  return ids[0] as string;
}

/** A store's name (for what a report prints about it); empty when it is gone. */
export async function storeNameOf(db: DbOrTx, id: string): Promise<string> {
  return (await findStoreName(db, id)) ?? '';
}
