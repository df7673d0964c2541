import type { MovementKind } from './movements';

// Texts that screens need without the schemas (the sign-in screen, the history dialog of the lists,
// a movement's job check, a count's reasons, a report's dates), kept apart so those load without zod.
export const LOGIN_MISSING_FIELDS = 'Please fill in both email and password';
export const LOGIN_INVALID = 'Invalid email or password';
export const REMARKS_ALREADY_ADDED = 'Remarks already added';

/** How the ledger's movement kinds read on screen. */
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  opening: 'Opening stock',
  purchase: 'New purchase',
  transfer_in: 'Transfer from warehouse',
  issue: 'Issued',
  damage: 'Damaged',
  return: 'Returned',
  delivery: 'Supplier delivery',
  adjustment: 'Adjustment',
  checkout: 'Issued to worker',
  checkin: 'Returned by worker',
  damaged_return: 'Returned damaged',
  loss: 'Lost',
  transfer_out: 'Transfer to store',
  store_transfer_in: 'Transfer from store',
  supplier_return: 'Returned to supplier',
  revaluation: 'Revaluation',
  transit_loss: 'Written off in transit',
  service_hold: 'Held for service',
  service_release: 'Back from service',
  retirement: 'Retired',
  damaged_retirement: 'Retired after damage',
};

export const MFA_CODE_REQUIRED = 'Please enter the 6-digit code from your authenticator app.';
export const MFA_CODE_WRONG = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.';
export const MFA_NOT_STARTED = 'Start setting up the authenticator app first.';
export const MFA_ALREADY_ON = 'Two-step sign-in is already on for this account.';
export const MFA_TOKEN_ENDED = 'This sign-in has expired. Please log in again.';

/** DD/MM/YYYY of an ISO date, for messages. */
export function dayOf(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** A store marked Inactive takes no movement, delivery or new item. */
export function storeInactive(storeName: string): string {
  return `${storeName} is Inactive: it takes no stock movements, deliveries or new items until an admin marks it Active again.`;
}

/** Nothing may be recorded on or before the day a store's books are closed through. */
export function booksClosed(storeName: string, lockedThrough: string): string {
  return `The books of ${storeName} are closed through ${dayOf(lockedThrough)}. Record the correction on a later day.`;
}

export const JOB_REQUIRED = 'Please choose a job.';
export const COST_CODE_REQUIRED = 'Please choose a cost code.';
export const LABEL_NOT_FOUND = 'No item of yours has this label.';
export const REPORT_DATES_REQUIRED = 'Please select both Start Date and End Date.';
export const REPORT_STORE_AND_DATES_REQUIRED = 'Please select a store and date range.';
export const REPORT_NO_DATA = 'No data available for the selected dates.';

export function countReasonsMissing(names: string[]): string {
  return `Give a reason for every difference: ${names.join(', ')}.`;
}
