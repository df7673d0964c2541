import type { ReportRow } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/tokens';
import { resolveTargetStore } from '../stores/store-target';
import { buildStoreReport } from './reports.repository';

type Range = { startDate: string; endDate: string };

function rangeOf(query: Range): { start: string; end: string } {
  return { start: query.startDate, end: query.endDate };
}

/** The admin's report of any store, named by id or by its (case-insensitive) name. */
export async function reportForStore(
  db: DbOrTx,
  query: Range & { storeName?: string; storeId?: string },
  timeZone: string,
): Promise<ReportRow[]> {
  const range = rangeOf(query);
  let storeId = query.storeId;
  if (!storeId) {
    const matches = await queryRows<{ id: string }>(
      db,
      sql`select id from stores where lower(name) = lower(${query.storeName ?? ''}) limit 2`,
    );
    if (matches.length === 0) throw new AppError('not_found', 'Store not found');
    if (matches.length > 1) throw new AppError('bad_request', `More than one store is named "${query.storeName}"; choose it by storeId.`);
    storeId = matches[0]?.id;
  } else {
    const [store] = await queryRows<{ id: string }>(db, sql`select id from stores where id = ${storeId}`);
    if (!store) throw new AppError('not_found', 'Store not found');
  }
  return buildStoreReport(db, { storeId: storeId as string, ...range, timeZone });
}

/** A keeper's report of their active store (or another of theirs, named by id). */
export async function reportForKeeper(
  db: DbOrTx,
  auth: AuthContext,
  query: Range & { storeId?: string },
  timeZone: string,
): Promise<ReportRow[]> {
  const range = rangeOf(query);
  const storeId = await resolveTargetStore(db, auth, query.storeId);
  return buildStoreReport(db, { storeId, ...range, timeZone });
}
