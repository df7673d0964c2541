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
