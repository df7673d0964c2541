import { z } from 'zod';
import { IdSchema, StoreRefSchema } from './common';
import { CalendarDateSchema } from './ledger';
import { MoneySchema, UnitCostAnswerSchema, UnitCostSchema } from './money';

// What stock is worth: each store's materials valued from the ledger, as of the end of a day, and the
// admin's revaluation of a store's stock (its opening values, or a corrected average).

export const ValuationQuerySchema = z.strictObject({
  /** One store; every store the caller may see when omitted. */
  storeId: IdSchema.optional(),
  /** The end of this day in the company's time zone; today when omitted. */
  asOf: CalendarDateSchema.optional(),
});

export const ValuationRowSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** The value over the quantity; null when none is held. */
  averageCost: UnitCostAnswerSchema.nullable(),
  value: MoneySchema,
  /** Held at no value: it came in without a cost into a store that never had one. Not free: not yet valued. */
  isUnvalued: z.boolean(),
});
export type ValuationRow = z.infer<typeof ValuationRowSchema>;

export const ValuationResponseSchema = z.object({
  asOf: z.string(),
  currency: z.string(),
  rows: z.array(ValuationRowSchema),
  /** The rows' sum: quantities of different units are never added. */
  totals: z.object({ value: MoneySchema }),
  /** Dispatched from or to these stores and not yet received or written off: in neither store. */
  inTransit: z.object({ value: MoneySchema }),
});
export type ValuationResponse = z.infer<typeof ValuationResponseSchema>;

export const REVALUATION_LINES_MAX = 500;
export const REVALUATION_DONE = 'Stock revalued.';
export const REVALUATION_MATERIAL_REPEATED = 'Each material may appear once.';

export const RevaluationRequestSchema = z.object({
  storeId: IdSchema,
  lines: z
    .array(z.object({ materialId: IdSchema, unitCost: UnitCostSchema }))
    .min(1, 'Add at least one line.')
    .max(REVALUATION_LINES_MAX, `At most ${REVALUATION_LINES_MAX} lines at once.`)
    .refine((lines) => new Set(lines.map((line) => line.materialId)).size === lines.length, REVALUATION_MATERIAL_REPEATED),
});
export type RevaluationRequest = z.input<typeof RevaluationRequestSchema>;

export const RevaluationResponseSchema = z.object({
  message: z.string(),
  /** Each material's revaluation line: what its value moved by to reach the new average. */
  lines: z.array(
    z.object({
      materialId: z.string(),
      name: z.string(),
      quantity: z.number(),
      unitCost: UnitCostAnswerSchema,
      value: MoneySchema,
      change: MoneySchema,
      store: StoreRefSchema,
    }),
  ),
});
export type RevaluationResponse = z.infer<typeof RevaluationResponseSchema>;
