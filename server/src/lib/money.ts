import { withoutTrailingZeros } from '@stockyard/contract';
import Big from 'big.js';

// Amounts come from the database as numeric text (or, from a stored answer, as JSON numbers) and
// leave as decimal strings; no amount is ever held in a binary float.

type Amount = string | number | Big;

const MONEY_TEXT = /^-?\d+\.\d{2}$/;
const UNIT_COST_TEXT = /^\d+(\.\d{1,4})?$/;

/** An amount with its 2 decimals: "525.00" (numeric(…, 2) text as the database sends it passes as it is). */
export function moneyText(value: Amount): string {
  if (typeof value === 'string' && MONEY_TEXT.test(value)) return value;
  return new Big(value).toFixed(2, Big.roundHalfUp);
}

/** A cost per unit, rounded to 4 decimals, without trailing zeros: "412.5". */
export function unitCostText(value: Amount): string {
  if (typeof value === 'string' && UNIT_COST_TEXT.test(value)) return withoutTrailingZeros(value);
  return new Big(value).round(4, Big.roundHalfUp).toString();
}
