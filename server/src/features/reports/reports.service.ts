import type { ReportRow } from '@stockyard/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { resolveStoreByIdOrName, resolveTargetStore } from '../stores/stores.service';
import { presentReportRow } from './reports.presenter';
import { buildStoreReport } from './reports.repository';

type Range = { startDate: string; endDate: string };

async function reportOf(db: Db, storeId: string, query: Range, timeZone: string): Promise<ReportRow[]> {
  const rows = await buildStoreReport(db, { storeId, start: query.startDate, end: query.endDate, timeZone });
  return rows.map(presentReportRow);
}

/** The admin's report of any store, named by id or by its (case-insensitive) name. */
export async function reportForStore(db: Db, query: Range & { storeName?: string; storeId?: string }, timeZone: string) {
  return reportOf(db, await resolveStoreByIdOrName(db, query), query, timeZone);
}

/** A keeper's report of their active store (or another of theirs, named by id). */
export async function reportForKeeper(db: Db, auth: AuthContext, query: Range & { storeId?: string }, timeZone: string) {
  return reportOf(db, await resolveTargetStore(db, auth, query.storeId), query, timeZone);
}
