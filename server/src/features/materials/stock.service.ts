import type { PageQuery, PrintedTexts, StockTotal } from '@stockyard/contract';
import { STORE_NOT_FOUND } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { resolveTargetStore } from '../stores/stores.service';
import { userNameOf } from '../users/users.service';
import { presentStockRow, presentTrackSupplyStore } from './stock.presenter';
import { findStockRows, findStockTotalsByUnit, findTrackSupplyRows } from './stock.repository';
import { trackSuppliesPdf } from './track-supplies-file';

/** A store's stock (the caller's active store unless one of theirs is named), a page at a time. */
export async function listStock(db: DbOrTx, auth: AuthContext, query: PageQuery & { storeId?: string }) {
  const storeId = await resolveTargetStore(db, auth, query.storeId);
  const { rows, total } = await findStockRows(db, storeId, query);
  return { rows: rows.map(presentStockRow), total };
}

/** Total Stock: the one sum SPEC shows, and the sums per unit beside it (each unit's own). */
export async function stockTotals(db: DbOrTx, auth: AuthContext): Promise<StockTotal> {
  const byUnit = (await findStockTotalsByUnit(db, storeScopeOf(auth))).map((row) => ({
    unit: row.unit,
    totalAvailable: Number(row.total_available),
    materials: row.materials,
  }));
  return {
    totalAvailable: byUnit.reduce((sum, row) => sum + row.totalAvailable, 0),
    materials: byUnit.reduce((sum, row) => sum + row.materials, 0),
    byUnit,
  };
}

/** Every store of the caller's with its per-material breakdown, a page of stores at a time. */
export async function listTrackSupplies(db: DbOrTx, auth: AuthContext, page: PageQuery) {
  const { rows, total } = await findTrackSupplyRows(db, storeScopeOf(auth), page);
  return { stores: rows.map(presentTrackSupplyStore), total };
}

/** One of the caller's stores' supplies as a table document for its PDF; another store is not found. */
export async function trackSuppliesDocument(db: DbOrTx, auth: AuthContext, storeId: string, timeZone: string, texts: PrintedTexts) {
  const scope = storeScopeOf(auth);
  if (scope !== null && !scope.includes(storeId)) throw new AppError('not_found', STORE_NOT_FOUND);
  const { rows } = await findTrackSupplyRows(db, [storeId], { limit: 1, offset: 0 });
  const row = rows[0];
  if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
  const store = presentTrackSupplyStore(row);
  return { store, pdf: trackSuppliesPdf(store, { at: new Date(), by: await userNameOf(db, auth.userId), timeZone }, texts) };
}
