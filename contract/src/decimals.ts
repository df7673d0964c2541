// How many decimals a quantity carries, and what to say when it carries too many; nothing here imports
// a schema, so a count or a report screen may use it without zod.

/** The most decimals any material's quantities may carry; each material sets its own, from 0 to this. */
export const DECIMALS_MAX = 3;
/** A quantity written plainly: digits, and after a point more digits (no sign, no exponent). */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * How many decimals a quantity carries as written ("12.50" and 12.5 carry 1). A number too small or too
 * large to be written without an exponent carries more than any material allows.
 */
export function decimalsOf(quantity: number | string): number {
  const text = String(quantity);
  if (!DECIMAL_TEXT.test(text.replace(/^-/, ''))) return Number.POSITIVE_INFINITY;
  return (text.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** A quantity with decimals of an item counted in whole units (a tool, or a material of 0 decimals). */
export function quantityWhole(item: string): string {
  return `${item} is counted in whole units: enter a quantity without decimals.`;
}
/** A quantity with more decimals than its material takes. */
export function quantityDecimals(material: string, decimals: number): string {
  if (decimals === 0) return quantityWhole(material);
  return `${material} takes quantities with at most ${decimals} ${decimals === 1 ? 'decimal' : 'decimals'}.`;
}
