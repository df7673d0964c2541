import {
  WORKER_ADDED,
  WORKER_NOT_FOUND,
  WORKER_UPDATED,
  type Worker,
  type WorkerCreateRequestSchema,
  type WorkerListQuerySchema,
  type WorkerUpdateRequestSchema,
  workerNameTaken,
  workerStillHolds,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';

import { recordAudit } from '../audit/audit.service';
import { resolveTargetStore } from '../stores/stores.service';
import { presentWorker } from './workers.presenter';
import { findHoldings, findWorkerRows, insertWorker, lockWorker, updateWorkerRow } from './workers.repository';

/** Adds a worker, idempotently: a repeat of the request answers the first worker. */
export function createWorker(db: Db, auth: AuthContext, input: z.output<typeof WorkerCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => ({
    status: 201 as const,
    body: { message: WORKER_ADDED, worker: await createWorkerIn(tx, auth, input) },
  }));
}

export async function listWorkers(db: DbOrTx, auth: AuthContext, query: z.output<typeof WorkerListQuerySchema>) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findWorkerRows(db, { ...query, storeIds: storeScopeOf(auth) });
  return { workers: rows.map(presentWorker), total };
}

export async function getWorker(db: DbOrTx, auth: AuthContext, id: string): Promise<Worker> {
  const { rows } = await findWorkerRows(db, { storeIds: storeScopeOf(auth), ids: [id], includeInactive: true, limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError('not_found', WORKER_NOT_FOUND);
  return presentWorker(rows[0]);
}

async function uniqueName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', workerNameTaken(name ?? ''));
    throw error;
  }
}

/** Adds a worker to one of the caller's stores (a keeper's own store when none is named). */
async function createWorkerIn(tx: Tx, auth: AuthContext, input: z.output<typeof WorkerCreateRequestSchema>): Promise<Worker> {
  const storeId = await resolveTargetStore(tx, auth, input.storeId);
  const id = await uniqueName(input.name, () => insertWorker(tx, { storeId, name: input.name, trade: input.trade, phone: input.phone }));
  await recordAudit(tx, {
    actorId: auth.userId,
    action: 'create',
    entityType: 'worker',
    entityId: id,
    entityName: input.name,
    storeId,
    details: input,
  });
  return getWorker(tx, auth, id);
}

/** Changes a worker; one who still holds tools stays active (409 naming what they hold). */
export async function updateWorker(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof WorkerUpdateRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const worker = await lockWorker(tx, id, storeScopeOf(auth));
    if (!worker) throw new AppError('not_found', WORKER_NOT_FOUND);
    if (input.active === false && worker.is_active) {
      const holdings = await findHoldings(tx, id);
      if (holdings.length > 0) throw new AppError('conflict', workerStillHolds(worker.name, holdings.join(', ')));
    }
    await uniqueName(input.name ?? worker.name, () => updateWorkerRow(tx, id, input));
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'update',
      entityType: 'worker',
      entityId: id,
      entityName: input.name ?? worker.name,
      storeId: worker.store_id,
      details: input,
    });
    return { status: 200 as const, body: { message: WORKER_UPDATED, worker: await getWorker(tx, auth, id) } };
  });
}
