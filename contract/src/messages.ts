import type { MovementKind } from './movements';

// Texts that screens need without the schemas (the sign-in screen, the history dialog of the lists),
// kept apart so those load without zod.
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
};
