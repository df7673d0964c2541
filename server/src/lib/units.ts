import Big from 'big.js';

/** What a quantity entered in another unit is in the stock unit, or the nearest entries that land on the material's decimals. */
export type Conversion = { stock: string } | { stock: string; nearest: string[] };

/**
 * `quantity` of a unit `factor` stock units make, in stock units, exactly. When that has more decimals
 * than the material takes, the entries in the same unit nearest below and above that land on its
 * decimals (the one below left out when it is 0), each written to at most 3 decimals.
 */
export function toStockQuantity(quantity: number | string, factor: string, decimals: number): Conversion {
  const stock = new Big(quantity).times(factor);
  const fitted = stock.round(decimals, Big.roundDown);
  if (fitted.eq(stock)) return { stock: stock.toString() };
  const entriesOf = (stockQuantity: Big) => stockQuantity.div(factor).round(3, Big.roundHalfUp).toString();
  const above = stock.round(decimals, Big.roundUp);
  const nearest = fitted.gt(0) ? [entriesOf(fitted), entriesOf(above)] : [entriesOf(above)];
  return { stock: stock.toString(), nearest };
}
