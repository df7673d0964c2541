import { DAY_IN_FUTURE, keeperDayTooOld, type Role } from '@stockyard/contract';
import { shiftDay, todayIn } from './calendar';
import { AppError } from './errors';

/**
 * A day someone chose to record a movement on is not in the future, and a keeper's is at most
 * OFFLINE_MAX_AGE_DAYS back; an admin may go further back, down to the day after the store's closed
 * books (the ledger checks that).
 */
export function assertDayAllowed(day: string, who: { role: Role; timeZone: string; offlineMaxAgeDays: number }): void {
  const today = todayIn(who.timeZone);
  if (day > today) throw new AppError('bad_request', DAY_IN_FUTURE);
  if (who.role !== 'admin' && day < shiftDay(today, -who.offlineMaxAgeDays)) {
    throw new AppError('bad_request', keeperDayTooOld(who.offlineMaxAgeDays));
  }
}
