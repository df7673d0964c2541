import { type ReportRow, reportTotals } from '@stockyard/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { resolveStoreByIdOrName, resolveTargetStore, storeNameOf } from '../stores/stores.service';
import { userNameOf } from '../users/users.service';
import type { StoreReport } from './report-files';
import { presentReportRow } from './reports.presenter';
import { buildStoreReport } from './reports.repository';

type Range = { startDate: string; endDate: string };
type AdminQuery = Range & { storeName?: string; storeId?: string };
type KeeperQuery = Range & { storeId?: string };

async function rowsOf(db: Db, storeId: string, query: Range, timeZone: string): Promise<ReportRow[]> {
  const rows = await buildStoreReport(db, { storeId, start: query.startDate, end: query.endDate, timeZone });
  return rows.map(presentReportRow);
}

/** The admin's report of any store, named by id or by its (case-insensitive) name. */
export async function reportForStore(db: Db, query: AdminQuery, timeZone: string) {
  return rowsOf(db, await resolveStoreByIdOrName(db, query), query, timeZone);
}

/** A keeper's report of their active store (or another of theirs, named by id), with its totals. */
export async function reportForKeeper(db: Db, auth: AuthContext, query: KeeperQuery, timeZone: string) {
  const data = await rowsOf(db, await resolveTargetStore(db, auth, query.storeId), query, timeZone);
  return { data, totals: reportTotals(data) };
}

async function fileReport(db: Db, auth: AuthContext, storeId: string, query: Range, timeZone: string): Promise<StoreReport> {
  const rows = await rowsOf(db, storeId, query, timeZone);
  const storeName = await storeNameOf(db, storeId);
  const preparedBy = await userNameOf(db, auth.userId);
  return { ...query, storeName, rows, generatedAt: new Date(), generatedBy: preparedBy, timeZone };
}

/** The admin's report, for its PDF or CSV. */
export async function storeReportFile(db: Db, auth: AuthContext, query: AdminQuery, timeZone: string) {
  return fileReport(db, auth, await resolveStoreByIdOrName(db, query), query, timeZone);
}

/** The keeper's report, for its PDF or CSV. */
export async function keeperReportFile(db: Db, auth: AuthContext, query: KeeperQuery, timeZone: string) {
  return fileReport(db, auth, await resolveTargetStore(db, auth, query.storeId), query, timeZone);
}
