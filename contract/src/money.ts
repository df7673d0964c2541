import { z } from 'zod';
import { fieldAtMost } from './common';

// Money travels as decimal strings, never as binary floats: values with 2 decimals ("1234.50"), costs
// per unit with up to 4 ("412.5", "0.0425"). The database keeps them as numeric and does the arithmetic.

/** The most a unit may cost: with the largest quantity, a line's value stays far inside what is kept. */
export const UNIT_COST_MAX = 1_000_000;
export const UNIT_COST_INVALID = 'Unit cost must be an amount of 0 or more with at most 4 decimals.';
export const UNIT_COST_TOO_LARGE = fieldAtMost('Unit cost', UNIT_COST_MAX);

const UNIT_COST_TEXT = /^\d{1,7}(\.\d{1,4})?$/;

/** A cost per unit, sent as a decimal string or a number: answered as its decimal string, without trailing zeros. */
export const UnitCostSchema = z
  .union([z.string(), z.number()], { message: UNIT_COST_INVALID })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => UNIT_COST_TEXT.test(text), UNIT_COST_INVALID)
  .refine((text) => !UNIT_COST_TEXT.test(text) || Number(text) <= UNIT_COST_MAX, UNIT_COST_TOO_LARGE)
  .transform((text) => withoutTrailingZeros(text));

/** "412.5000" → "412.5", "7.00" → "7", "0100" → "100". */
export function withoutTrailingZeros(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.replace(/0+$/, '');
  const integer = whole.replace(/^0+(?=\d)/, '');
  return digits ? `${integer}.${digits}` : integer;
}

/** An amount as the API answers it: a decimal string with 2 decimals. */
export const MoneySchema = z.string().meta({ description: 'An amount in the company currency, 2 decimals ("1234.50").' });
/** A cost per unit as the API answers it: a decimal string with up to 4 decimals. */
export const UnitCostAnswerSchema = z.string().meta({ description: 'A cost per unit, up to 4 decimals ("412.5").' });

/** ISO 4217: three capital letters. */
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/);

/** How buying works across the company; each may be changed by an admin. */
export const BUYING_DEFAULTS = { keepersMayOrder: false, receiptTolerancePercent: 10, priceTolerancePercent: 1, quantityTolerance: 0 };
const percent = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} must be at most 100`)
    .refine((value) => Number.isInteger(value * 100), `${label} takes at most 2 decimals`);
const BuyingSettingsUpdateSchema = z.object({
  /** Store keepers may make and send purchase orders for their stores. */
  keepersMayOrder: z.boolean({ message: 'keepersMayOrder must be true or false' }).optional(),
  /** A receipt may bring up to this share more than was ordered. */
  receiptTolerancePercent: percent('Receipt tolerance').optional(),
  /** An invoice's price may be off the order's by this share and still match. */
  priceTolerancePercent: percent('Price tolerance').optional(),
  /** An invoice's quantity may be off what arrived by this many units and still match. */
  quantityTolerance: z
    .number({ message: 'Quantity tolerance must be a whole number' })
    .int('Quantity tolerance must be a whole number')
    .min(0, 'Quantity tolerance cannot be negative')
    .max(1_000_000, 'Quantity tolerance must be at most 1,000,000')
    .optional(),
});
export type BuyingSettings = typeof BUYING_DEFAULTS;

export const SettingsSchema = z.object({
  /** The company's one currency, set by the server's CURRENCY. */
  currency: CurrencySchema,
  keepersMayOrder: z.boolean(),
  receiptTolerancePercent: z.number(),
  priceTolerancePercent: z.number(),
  quantityTolerance: z.number(),
});
export type Settings = z.infer<typeof SettingsSchema>;
export const CURRENCY_FROM_SERVER = 'The currency is set on the server (CURRENCY) and cannot be changed here.';
/** What an admin may change: every setting but the currency; only the fields sent change. */
export const SettingsUpdateRequestSchema = BuyingSettingsUpdateSchema.extend({ currency: z.unknown().optional() })
  .strict()
  .refine((body) => body.currency === undefined, { message: CURRENCY_FROM_SERVER, path: ['currency'] });
export const SETTINGS_SAVED = 'Settings saved.';
export const SettingsResponseSchema = z.object({ settings: SettingsSchema, message: z.string().optional() });

const MONEY_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** An amount of 2 decimals as a whole number of cents, exactly. */
function centsOf(amount: string): bigint {
  const match = MONEY_TEXT.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** A whole number of cents as an amount with 2 decimals. */
function amountOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const size = cents < 0n ? -cents : cents;
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

/** Below this a running total of whole cents is held exactly in a number (an integer, never a fraction). */
const EXACT_CENTS = 2 ** 53;

/**
 * An amount's whole cents as a number, when it is written plainly and small enough for a number to
 * hold them exactly ("12.5" → 1250); null otherwise (the amount is then read as a BigInt).
 */
function smallCentsOf(amount: string): number | null {
  if (amount.length > 15 || !MONEY_TEXT.test(amount)) return null;
  const point = amount.indexOf('.');
  const decimals = point < 0 ? 0 : amount.length - point - 1;
  const cents = Number(amount.replace('.', '')) * 10 ** (2 - decimals);
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The exact sum of amounts with 2 decimals ("12.50" + "-2.25" → "10.25"). Whole cents are added as
 * integers, in a number while the total stays far inside what a number holds exactly, else as a
 * BigInt: a report's totals add 40,000 amounts without a pause.
 */
export function sumMoney(amounts: readonly string[]): string {
  let big = 0n;
  let small = 0;
  for (const amount of amounts) {
    const cents = smallCentsOf(amount);
    if (cents === null) {
      big += centsOf(amount);
      continue;
    }
    // Flushed before the running total could leave the integers a number holds exactly.
    if (Math.abs(small) + Math.abs(cents) >= EXACT_CENTS) {
      big += BigInt(small);
      small = 0;
    }
    small += cents;
  }
  return amountOf(big + BigInt(small));
}

/** The exact difference of two amounts with 2 decimals. */
export function subtractMoney(from: string, amount: string): string {
  return amountOf(centsOf(from) - centsOf(amount));
}
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;
