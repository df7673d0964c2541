import type { ExceptionsQuery, ExceptionsResponse } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { presentException } from './exceptions.presenter';
import { countExceptions, findExceptionRows } from './exceptions.repository';

type PagedQuery = Omit<ExceptionsQuery, 'limit' | 'offset'> & { limit: number; offset: number };

/** Movements of the caller's stores recorded outside the store's geofence, newest first. */
export async function listExceptions(db: DbOrTx, auth: AuthContext, query: PagedQuery, timeZone: string): Promise<ExceptionsResponse> {
  const { rows, total } = await findExceptionRows(db, { ...query, storeIds: storeScopeOf(auth) }, timeZone);
  return { exceptions: rows.map(presentException), total };
}

/** How many movements of the caller's stores were recorded outside their fence since `from` (a day). */
export function countExceptionsSince(db: DbOrTx, auth: AuthContext, from: string, timeZone: string): Promise<number> {
  return countExceptions(db, { storeIds: storeScopeOf(auth), from }, timeZone);
}
