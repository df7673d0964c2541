import { MATERIAL_NOT_FOUND, REORDER_POINT_NONE, REORDER_POINT_REMOVED, type ReorderPoint, SUPPLIER_NOT_FOUND } from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { runTransaction } from '../../lib/transaction';
import { assertFitsDecimals, storeOfMaterial } from '../materials/materials.service';
import { supplierExists } from '../suppliers/suppliers.service';
import { presentLowStock, presentReorderPoint } from './replenishment.presenter';
import {
  deleteReorderPoint,
  findLowStock,
  findReorderPoint,
  lockMaterial,
  type ReorderValues,
  upsertReorderPoint,
} from './replenishment.repository';

async function mustLock(tx: DbOrTx, auth: AuthContext, materialId: string) {
  if (!(await lockMaterial(tx, materialId, storeScopeOf(auth)))) throw new AppError('not_found', MATERIAL_NOT_FOUND);
}

export async function getReorderPoint(db: DbOrTx, auth: AuthContext, materialId: string): Promise<ReorderPoint | null> {
  await storeOfMaterial(db, auth, materialId);
  return presentReorderPoint(await findReorderPoint(db, materialId));
}

/** Sets a material's reorder point (a keeper's for their stores, an admin's for any), and whom it is ordered from. */
export async function setReorderPoint(db: Db, auth: AuthContext, materialId: string, point: ReorderValues): Promise<ReorderPoint | null> {
  return runTransaction(db, async (tx) => {
    await mustLock(tx, auth, materialId);
    await assertFitsDecimals(tx, [
      { materialId, quantity: point.minQty },
      { materialId, quantity: point.targetQty },
    ]);
    if (point.preferredSupplierId && !(await supplierExists(tx, point.preferredSupplierId))) {
      throw new AppError('bad_request', SUPPLIER_NOT_FOUND);
    }
    await upsertReorderPoint(tx, materialId, point);
    return presentReorderPoint(await findReorderPoint(tx, materialId));
  });
}

/** Removes a material's reorder point, idempotently: a repeat of the request (its Idempotency-Key) answers the first. */
export function removeReorderPoint(db: Db, auth: AuthContext, materialId: string, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    await mustLock(tx, auth, materialId);
    if (!(await deleteReorderPoint(tx, materialId))) throw new AppError('not_found', REORDER_POINT_NONE);
    return { status: 200 as const, body: { message: REORDER_POINT_REMOVED } };
  });
}

export async function listLowStock(db: DbOrTx, auth: AuthContext, query: { storeId?: string; limit: number; offset: number }) {
  assertStoreVisible(auth, query.storeId);
  const { rows, total } = await findLowStock(db, { ...query, storeIds: storeScopeOf(auth) });
  return { rows: rows.map(presentLowStock), total };
}

/** A low material of a store and what it lacks up to its target, less what is on order. */
export type Shortfall = { materialId: string; name: string; gap: number; packSize: number; supplierId: string | null };

/** What a store's low materials lack up to their targets, less what is on order; those that lack nothing left out. */
export async function shortfallsOf(db: DbOrTx, storeId: string): Promise<Shortfall[]> {
  const { rows } = await findLowStock(db, { storeIds: null, storeId, limit: LOW_STOCK_ORDER_MAX, offset: 0 });
  return rows
    .filter((row) => row.target_gap > 0)
    .map((row) => ({
      materialId: row.material_id,
      name: row.name,
      gap: row.target_gap,
      packSize: row.pack_size,
      supplierId: row.preferred_supplier_id,
    }));
}

/** At most this many low materials are ordered in one press. */
const LOW_STOCK_ORDER_MAX = 5_000;
