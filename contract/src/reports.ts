import { z } from 'zod';
import { IdSchema, NAME_MAX } from './common';
import { CalendarDateSchema } from './ledger';
import { REPORT_DATES_REQUIRED, REPORT_NO_DATA, REPORT_STORE_AND_DATES_REQUIRED } from './messages';
import { MoneySchema } from './money';

export { REPORT_DATES_REQUIRED, REPORT_NO_DATA, REPORT_STORE_AND_DATES_REQUIRED };
export const REPORT_RANGE_BACKWARDS = 'The start date must be on or before the end date.';

const day = z.string({ message: REPORT_DATES_REQUIRED }).min(1, REPORT_DATES_REQUIRED).pipe(CalendarDateSchema);
/** Materials that have a unit of this name are shown in it (their quantities divided by its factor, to 3 decimals); the rest in their own. */
const unitField = { unit: z.string().trim().min(1).max(50).optional() };
const rangeFields = { startDate: day, endDate: day, ...unitField };

function checkRange<T extends { startDate: string; endDate: string }>(value: T, context: z.RefinementCtx) {
  if (value.startDate > value.endDate) {
    context.addIssue({ code: 'custom', message: REPORT_RANGE_BACKWARDS, path: ['endDate'] });
  }
}

export const StoreReportQuerySchema = z
  .object({
    storeName: z.string().trim().max(NAME_MAX).optional(),
    storeId: IdSchema.optional(),
    ...rangeFields,
  })
  .superRefine(checkRange)
  .refine((value) => Boolean(value.storeName || value.storeId), { message: REPORT_STORE_AND_DATES_REQUIRED, path: ['storeName'] });

export const KeeperReportQuerySchema = z.object({ storeId: IdSchema.optional(), ...rangeFields }).superRefine(checkRange);

export const ReportRowSchema = z.object({
  materialId: z.string(),
  name: z.string(),
  categoryname: z.string(),
  materialname: z.string(),
  materialName: z.string(),
  size: z.string(),
  unit: z.string(),
  previousQuantity: z.number(),
  restockedQuantity: z.number(),
  transferQuantity: z.number(),
  /** Received from other stores inside the range (transfers). */
  transferredInQuantity: z.number(),
  consumedQuantity: z.number(),
  damagedQuantity: z.number(),
  refundQuantity: z.number(),
  /** Dispatched to other stores inside the range. */
  transferredOutQuantity: z.number(),
  /** Returned to suppliers inside the range. */
  returnedToSupplierQuantity: z.number(),
  /** Stock count adjustments inside the range, signed. */
  adjustmentQuantity: z.number(),
  currentAvailableQuantity: z.number(),
  /** What the stock was worth before the range, what came in and went out inside it, and at its end (value in − value out moves opening to closing). */
  openingValue: MoneySchema,
  valueIn: MoneySchema,
  valueOut: MoneySchema,
  closingValue: MoneySchema,
  restockDate: z.string().nullable(),
  remarks: z.string().nullable(),
  storeName: z.string(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;
const ReportTotalsSchema = ReportRowSchema.pick({
  previousQuantity: true,
  restockedQuantity: true,
  transferQuantity: true,
  transferredInQuantity: true,
  consumedQuantity: true,
  damagedQuantity: true,
  refundQuantity: true,
  transferredOutQuantity: true,
  returnedToSupplierQuantity: true,
  adjustmentQuantity: true,
  currentAvailableQuantity: true,
  openingValue: true,
  valueIn: true,
  valueOut: true,
  closingValue: true,
});
/** One unit's totals: its rows' quantities summed, and their values. */
const UnitTotalsSchema = ReportTotalsSchema.extend({ unit: z.string() });
/**
 * The keeper's report: its rows in `data`; `totalsByUnit`, a totals row per unit, since a sum across
 * units means nothing; `totals`, the values over every row, with quantities only when one unit is in it.
 */
export const KeeperReportResponseSchema = z.object({
  data: z.array(ReportRowSchema),
  totals: ReportTotalsSchema.extend({
    previousQuantity: z.number().nullable(),
    restockedQuantity: z.number().nullable(),
    transferQuantity: z.number().nullable(),
    transferredInQuantity: z.number().nullable(),
    consumedQuantity: z.number().nullable(),
    damagedQuantity: z.number().nullable(),
    refundQuantity: z.number().nullable(),
    transferredOutQuantity: z.number().nullable(),
    returnedToSupplierQuantity: z.number().nullable(),
    adjustmentQuantity: z.number().nullable(),
    currentAvailableQuantity: z.number().nullable(),
  }),
  totalsByUnit: z.array(UnitTotalsSchema),
});
