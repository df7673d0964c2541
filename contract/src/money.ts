import { z } from 'zod';
import { withoutTrailingZeros } from './amounts';
import { fieldAtMost } from './common';

export { subtractMoney, sumMoney, withoutTrailingZeros } from './amounts';

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

export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;
