import { MATERIAL_NOT_FOUND } from '@stockyard/contract';
import type { DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { shiftDay, todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { recentSignInBursts } from '../audit/audit.service';
import { presentDashboard } from './dashboard.presenter';
import { findDamageShare, findScopedMaterial, findTopConsumed, findWeeklyIssues } from './dashboard.repository';

const DAYS = 30;

/**
 * The dashboard of the stores the caller may see, in quantities: the most issued materials of the
 * last 30 days, one material's issues per week over 12 weeks, and each store's damage as a share of its issues.
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
  return presentDashboard({ since, top, weekly, damage, signInBursts });
}
