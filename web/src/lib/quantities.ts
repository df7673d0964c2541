import Big from 'big.js';

/**
 * Quantities carry up to 3 decimals; sums and differences of them are worked out as decimals, so
 * 0.3 − 0.1 is 0.2 on the screen and in what is sent, never 0.19999999999999998.
 */
export function plusQuantity(a: number | string, b: number | string): number {
  return new Big(a || 0).plus(b || 0).toNumber();
}

export function minusQuantity(a: number | string, b: number | string): number {
  return new Big(a || 0).minus(b || 0).toNumber();
}

/** A quantity of another unit in stock units: times its factor, exactly. */
export function timesFactor(quantity: number | string, factor: string): number {
  return new Big(quantity || 0).times(factor).toNumber();
}
