import type { ReportRow } from '@stockyard/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { resolveStoreByIdOrName, resolveTargetStore, storeNameOf } from '../stores/stores.service';
import { userNameOf } from '../users/users.service';
import { createReportCache, type ReportCache } from './report-cache';
import type { StoreReport } from './report-files';
import { reportJson } from './report-json';
import { lineInUnit } from './report-units';
import { presentReportRow, type ReportLine } from './reports.presenter';
import { buildOrRefreshStoreReport, findUnitFactors, type KeptStoreReport } from './reports.repository';

/** Where reports come from: the database, through the process's cache of reports still current. */
export type ReportSource = { db: Db; cache: ReportCache<KeptStoreReport> };

/** A process's report source: `concurrency` reports built at once, the others wait their turn. */
export function createReportSource(db: Db, concurrency: number): ReportSource {
  return { db, cache: createReportCache<KeptStoreReport>({ concurrency }) };
}

type Range = { startDate: string; endDate: string; unit?: string };
type AdminQuery = Range & { storeName?: string; storeId?: string };
type KeeperQuery = Range & { storeId?: string };
/** Where the printed report's days end and what currency its values are in. */
type Settings = { timeZone: string; currency: string };

/** The cache's key of a store's report, and how to build it (or bring the kept one up to date). */
function reportOf(source: ReportSource, storeId: string, query: Range, timeZone: string) {
  const key = { storeId, start: query.startDate, end: query.endDate, timeZone };
  return { key, build: (kept?: KeptStoreReport) => buildOrRefreshStoreReport(source.db, key, kept) };
}

async function rowsOf(source: ReportSource, storeId: string, query: Range, timeZone: string): Promise<ReportRow[]> {
  const { key, build } = reportOf(source, storeId, query, timeZone);
  const { lines } = await source.cache.report(source.db, key, build);
  return (await inUnitAsked(source, storeId, lines, query.unit)).map(presentReportRow);
}

/** The lines with each material that has the unit asked for shown in it; the same lines when none is asked for. */
async function inUnitAsked(source: ReportSource, storeId: string, lines: ReportLine[], unit: string | undefined): Promise<ReportLine[]> {
  if (!unit) return lines;
  const factors = new Map((await findUnitFactors(source.db, storeId, unit)).map((row) => [row.material_id, row]));
  return lines.map((line) => {
    const other = factors.get(line.id);
    return other ? lineInUnit(line, other) : line;
  });
}

/**
 * A report's JSON answer, made once for as long as the report is current: at month-end the same big
 * report is asked for again and again, and writing out its thousands of rows each time would keep
 * the process from the keepers' movements.
 */
async function jsonOf(source: ReportSource, storeId: string, query: Range, timeZone: string, shape: 'rows' | 'with-totals') {
  const { key, build } = reportOf(source, storeId, query, timeZone);
  if (query.unit) {
    // In another unit: written for this ask (the units of a material may change without a movement).
    const { lines } = await source.cache.report(source.db, key, build);
    return reportJson(await inUnitAsked(source, storeId, lines, query.unit), shape);
  }
  return source.cache.view(source.db, key, build, shape, ({ lines }) => reportJson(lines, shape));
}

/** The admin's report of any store, named by id or by its (case-insensitive) name, as JSON. */
export async function reportForStore(source: ReportSource, query: AdminQuery, timeZone: string): Promise<Buffer> {
  return jsonOf(source, await resolveStoreByIdOrName(source.db, query), query, timeZone, 'rows');
}

/** A keeper's report of their active store (or another of theirs, named by id), with its totals, as JSON. */
export async function reportForKeeper(source: ReportSource, auth: AuthContext, query: KeeperQuery, timeZone: string): Promise<Buffer> {
  return jsonOf(source, await resolveTargetStore(source.db, auth, query.storeId), query, timeZone, 'with-totals');
}

async function fileReport(
  source: ReportSource,
  auth: AuthContext,
  storeId: string,
  query: Range,
  settings: Settings,
): Promise<StoreReport> {
  const { timeZone, currency } = settings;
  const rows = await rowsOf(source, storeId, query, timeZone);
  const storeName = await storeNameOf(source.db, storeId);
  const preparedBy = await userNameOf(source.db, auth.userId);
  return { ...query, storeName, rows, generatedAt: new Date(), generatedBy: preparedBy, timeZone, currency };
}

/** The admin's report, for its PDF or CSV. */
export async function storeReportFile(source: ReportSource, auth: AuthContext, query: AdminQuery, settings: Settings) {
  return fileReport(source, auth, await resolveStoreByIdOrName(source.db, query), query, settings);
}

/** The keeper's report, for its PDF or CSV. */
export async function keeperReportFile(source: ReportSource, auth: AuthContext, query: KeeperQuery, settings: Settings) {
  return fileReport(source, auth, await resolveTargetStore(source.db, auth, query.storeId), query, settings);
}
