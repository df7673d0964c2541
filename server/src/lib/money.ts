import Big from 'big.js';

// Amounts come from the database as numeric text (or, from a stored answer, as JSON numbers) and
// leave as decimal strings; no amount is ever held in a binary float.

type Amount = string | number | Big;

/** An amount with its 2 decimals: "525.00". */
export function moneyText(value: Amount): string {
  return new Big(value).toFixed(2, Big.roundHalfUp);
}

/** A cost per unit, rounded to 4 decimals, without trailing zeros: "412.5". */
export function unitCostText(value: Amount): string {
  return new Big(value).round(4, Big.roundHalfUp).toString();
}

/** The average cost per unit of what a store holds; while it holds none, the average the last unit left at. */
export function averageCostText(stockValue: Amount, quantity: number, lastAverageCost: Amount): string {
  if (quantity <= 0) return unitCostText(lastAverageCost);
  return unitCostText(new Big(stockValue).div(quantity));
}
