import Big from 'big.js';

/** A quantity as it may arrive: a JS number or the numeric text a raw query returns. */
type QuantityLike = number | string;

/** A quantity as raw SQL returns it (numeric text), as the number written from that decimal. */
export function quantityOf(value: string | number): number;
export function quantityOf(value: string | number | null): number | null;
export function quantityOf(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * Quantities are decimals of at most 3 places. Arithmetic on them is decimal (big.js), so that
 * 0.1 + 0.2 is 0.3; the result is the JS number written from the exact decimal.
 */
export function quantitySum(values: Iterable<QuantityLike>): number {
  let total = new Big(0);
  for (const value of values) total = total.plus(value);
  return total.toNumber();
}

/** `from` less each of `less`, exactly. */
export function quantityLess(from: QuantityLike, ...less: QuantityLike[]): number {
  return less.reduce<Big>((left, value) => left.minus(value), new Big(from)).toNumber();
}

/** Whether `a` − `b` lies within `percent` % of `b`: |a − b| × 100 ≤ b × percent, exactly. */
export function isWithinPercent(a: QuantityLike, b: QuantityLike, percent: number): boolean {
  return new Big(a).minus(b).abs().times(100).lte(new Big(b).times(percent));
}
