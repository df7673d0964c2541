import { z } from 'zod';
import {
  englishNumber,
  fieldAtLeast,
  fieldAtMost,
  fieldWholeNumber,
  IdSchema,
  ListQuerySchema,
  requiredText,
  StoreRefSchema,
} from './common';
import { UnitCostAnswerSchema, UnitCostSchema } from './money';

// Suppliers the company buys from, and each one's price list.

export const LEAD_TIME_DAYS_MAX = 365;
export const PACK_SIZE_MAX = 100_000;
/** At most this many lines in one supplier's price list. */
export const PRICE_LINES_MAX = 5_000;

const emailField = z
  .string({ message: 'Email must be text' })
  .trim()
  .max(320, 'Email must be at most 320 characters')
  .refine((text) => text === '' || z.email().safeParse(text).success, 'Please enter a valid email address')
  .transform((text) => text || null);

const phoneField = z
  .string({ message: 'Phone must be text' })
  .trim()
  .max(50, 'Phone must be at most 50 characters')
  .transform((text) => text || null);

const leadTimeField = z
  .number({ message: fieldWholeNumber('Lead time') })
  .int(fieldWholeNumber('Lead time'))
  .min(0, fieldAtLeast('Lead time', 0))
  .max(LEAD_TIME_DAYS_MAX, fieldAtMost('Lead time', LEAD_TIME_DAYS_MAX));

export const SupplierCreateRequestSchema = z.object({
  name: requiredText('Supplier name').meta({ example: 'Acme Cement Ltd' }),
  email: emailField.nullable().optional(),
  phone: phoneField.nullable().optional(),
  /** Days from ordering to delivery, as the supplier usually manages. */
  leadTimeDays: leadTimeField.nullable().optional(),
});
export type SupplierCreateRequest = z.input<typeof SupplierCreateRequestSchema>;

/** Only the fields sent change. */
export const SupplierUpdateRequestSchema = SupplierCreateRequestSchema.partial();
export type SupplierUpdateRequest = z.input<typeof SupplierUpdateRequestSchema>;

export const SupplierListQuerySchema = ListQuerySchema;

export const SupplierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  leadTimeDays: z.number().nullable(),
  createdAt: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;
export const SupplierResponseSchema = z.object({ message: z.string(), supplier: SupplierSchema });
export type SupplierResponse = z.infer<typeof SupplierResponseSchema>;
export const SupplierListResponseSchema = z.object({ suppliers: z.array(SupplierSchema), total: z.number() });
export type SupplierListResponse = z.infer<typeof SupplierListResponseSchema>;

export const SupplierPriceLineRequestSchema = z.object({
  materialId: IdSchema,
  unitCost: UnitCostSchema,
  /** The unit the supplier sells in, one of the material's (its stock unit without one): the cost is per it, the pack counts it. */
  packUnit: requiredText('Pack unit', 50).nullable().optional(),
  /** The supplier sells in packs of this many units: orders are rounded up to it. */
  packSize: z
    .number({ message: fieldWholeNumber('Pack size') })
    .int(fieldWholeNumber('Pack size'))
    .min(1, fieldAtLeast('Pack size', 1))
    .max(PACK_SIZE_MAX, fieldAtMost('Pack size', PACK_SIZE_MAX))
    .nullable()
    .optional(),
});

/** The supplier's whole price list: it replaces the one kept. */
export const SupplierPricesRequestSchema = z.object({
  lines: z
    .array(SupplierPriceLineRequestSchema, { message: 'lines must be a list' })
    .max(PRICE_LINES_MAX, `At most ${englishNumber(PRICE_LINES_MAX)} lines in one price list.`),
});
export type SupplierPricesRequest = z.input<typeof SupplierPricesRequestSchema>;

export const SupplierPriceLineSchema = z.object({
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  store: StoreRefSchema,
  /** Per `packUnit` when there is one, else per stock unit. */
  unitCost: UnitCostAnswerSchema,
  packSize: z.number().nullable(),
  /** The unit the supplier sells in and how many stock units make one, when not the stock unit. */
  packUnit: z.object({ name: z.string(), factor: z.string() }).nullable(),
});
export type SupplierPriceLine = z.infer<typeof SupplierPriceLineSchema>;
export const SupplierPricesResponseSchema = z.object({
  supplier: z.object({ _id: z.string(), name: z.string() }),
  lines: z.array(SupplierPriceLineSchema),
});
export type SupplierPricesResponse = z.infer<typeof SupplierPricesResponseSchema>;
export const SupplierPricesSavedResponseSchema = SupplierPricesResponseSchema.extend({ message: z.string() });
export type SupplierPricesSavedResponse = z.infer<typeof SupplierPricesSavedResponseSchema>;

export const SUPPLIER_SAVED = 'Supplier saved.';
export const SUPPLIER_NOT_FOUND = 'Supplier not found';
export const SUPPLIER_PRICES_SAVED = 'Price list saved.';
export function supplierNameTaken(name: string): string {
  return `A supplier named ${name} already exists.`;
}
export function priceMaterialsUnknown(count: number): string {
  return count === 1 ? 'One material of the price list does not exist.' : `${count} materials of the price list do not exist.`;
}
export function priceMaterialRepeated(materialId: string): string {
  return `Material ${materialId} appears more than once in the price list.`;
}
