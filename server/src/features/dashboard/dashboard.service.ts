import { MATERIAL_NOT_FOUND } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { seesCosts, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { shiftDay, todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { recentSignInBursts } from '../audit/audit.service';
import { countExceptionsSince } from '../exceptions/exceptions.service';
import { presentDashboard } from './dashboard.presenter';
import {
  findDamageShare,
  findJobValues,
  findScopedMaterial,
  findStockValues,
  findTopConsumed,
  findWeeklyIssues,
} from './dashboard.repository';

const DAYS = 30;

/**
 * The dashboard of the stores the caller may see, in quantities: the most issued materials of the
 * last 30 days, one material's issues per week over 12 weeks, and each store's damage as a share of its
 * issues; and for those who see costs, each store's stock value and the open jobs' consumption.
 */
export async function dashboardFor(db: DbOrTx, auth: AuthContext, query: { materialId?: string }, timeZone: string) {
  const storeIds = storeScopeOf(auth);
  const today = todayIn(timeZone);
  const since = shiftDay(today, 1 - DAYS);
  const window = { storeIds, since, timeZone };
  const top = await findTopConsumed(db, window);
  const chosen = query.materialId ?? top[0]?.material_id;
  let weekly = null;
  if (chosen) {
    const material = await findScopedMaterial(db, storeIds, chosen);
    if (!material) throw new AppError('not_found', MATERIAL_NOT_FOUND);
    weekly = { material, weeks: await findWeeklyIssues(db, material, today, timeZone) };
  }
  const damage = await findDamageShare(db, window);
  const signInBursts = auth.role === 'admin' ? await recentSignInBursts(db) : [];
  const money = seesCosts(auth)
    ? { stockValues: await findStockValues(db, storeIds), jobs: await findJobValues(db, storeIds, `${today.slice(0, 7)}-01`, timeZone) }
    : undefined;
  const geofenceExceptions = await countExceptionsSince(db, auth, since, timeZone);
  return presentDashboard({ since, top, weekly, damage, signInBursts, money, geofenceExceptions });
}
