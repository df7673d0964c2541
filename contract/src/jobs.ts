import { z } from 'zod';
import { IdSchema, NAME_MAX, requiredText, StoreRefSchema } from './common';
import { CalendarDateSchema } from './ledger';
import { MoneySchema } from './money';

// Jobs (sites, contracts) that issued materials are charged to, and the company's cost codes.

const BUDGET_TEXT = /^\d{1,13}(\.\d{1,2})?$/;
export const BUDGET_INVALID = 'Budget must be an amount of 0 or more with at most 2 decimals.';
const BudgetSchema = z
  .union([z.string(), z.number()], { message: BUDGET_INVALID })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => BUDGET_TEXT.test(text), BUDGET_INVALID);

export const JOB_STORES_REQUIRED = 'Choose at least one store for the job.';
const storeIds = z.array(IdSchema, { message: JOB_STORES_REQUIRED }).min(1, JOB_STORES_REQUIRED).max(500);

export const JobCreateRequestSchema = z.object({
  code: requiredText('Job code', 50),
  name: requiredText('Job name', NAME_MAX),
  storeIds,
  budget: BudgetSchema.nullable().optional(),
});
export type JobCreateRequest = z.input<typeof JobCreateRequestSchema>;

/** Only the fields sent change; `isActive: false` closes the job, `true` reopens it. */
export const JobUpdateRequestSchema = z.object({
  code: requiredText('Job code', 50).optional(),
  name: requiredText('Job name', NAME_MAX).optional(),
  storeIds: storeIds.optional(),
  budget: BudgetSchema.nullable().optional(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
});
export type JobUpdateRequest = z.input<typeof JobUpdateRequestSchema>;

export const JobListQuerySchema = z.strictObject({
  storeId: IdSchema.optional(),
  active: z.enum(['true', 'false'], { message: 'active must be true or false' }).optional(),
});

export const JobSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Absent for those who see no costs. */
  budget: MoneySchema.nullable().optional(),
  isActive: z.boolean(),
  stores: z.array(StoreRefSchema),
  createdAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobResponseSchema = z.object({ message: z.string(), job: JobSchema });
export const JobListResponseSchema = z.object({ jobs: z.array(JobSchema) });

export const JOB_SAVED = 'Job saved.';
export const JOB_NOT_FOUND = 'Job not found';
export { COST_CODE_REQUIRED, JOB_REQUIRED } from './messages';
export function jobCodeTaken(code: string): string {
  return `A job with the code ${code} already exists.`;
}
export function jobUnknown(id: string): string {
  return `There is no job ${id}.`;
}
export function jobNotOfStore(code: string, store: string): string {
  return `Job ${code} does not draw from ${store}.`;
}
export function jobClosed(code: string): string {
  return `Job ${code} is closed.`;
}
export function costCodeUnknown(code: string): string {
  return `There is no cost code ${code}.`;
}
export function returnBeyondJob(code: string, issued: number): string {
  return `Only ${issued} of this material was issued to job ${code} and not yet returned.`;
}

export const CostCodeCreateRequestSchema = z.object({
  code: requiredText('Cost code', 50),
  name: requiredText('Cost code name', NAME_MAX),
});
export type CostCodeCreateRequest = z.input<typeof CostCodeCreateRequestSchema>;
export const CostCodeSchema = z.object({ _id: z.string(), code: z.string(), name: z.string() });
export type CostCode = z.infer<typeof CostCodeSchema>;
export const CostCodeResponseSchema = z.object({ message: z.string(), costCode: CostCodeSchema });
export const CostCodeListResponseSchema = z.object({ costCodes: z.array(CostCodeSchema) });
export const COST_CODE_SAVED = 'Cost code saved.';
export function costCodeTaken(code: string): string {
  return `The cost code ${code} already exists.`;
}

export const JOB_COST_GROUPS = ['costCode', 'material', 'month', 'store'] as const;
export const JobCostQuerySchema = z.strictObject({
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
  groupBy: z.enum(JOB_COST_GROUPS, { message: `groupBy must be one of ${JOB_COST_GROUPS.join(', ')}` }).default('costCode'),
});

export const JobCostLineSchema = z.object({
  key: z.string().nullable(),
  label: z.string(),
  /** What was charged: issues and damage add to it, returns and reversals take from it. */
  value: MoneySchema,
  /** By material: the net quantity charged and its unit. */
  quantity: z.number().optional(),
  unit: z.string().optional(),
});
export const JobCostResponseSchema = z.object({
  job: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  groupBy: z.enum(JOB_COST_GROUPS),
  currency: z.string(),
  lines: z.array(JobCostLineSchema),
  total: MoneySchema,
  budget: MoneySchema.nullable(),
  /** The total over the budget, as a fraction (0.25 is a quarter used); null without a budget. */
  used: z.number().nullable(),
});
export type JobCostResponse = z.infer<typeof JobCostResponseSchema>;
export type JobListResponse = z.infer<typeof JobListResponseSchema>;
export type CostCodeListResponse = z.infer<typeof CostCodeListResponseSchema>;
export type JobResponse = z.infer<typeof JobResponseSchema>;
export type CostCodeResponse = z.infer<typeof CostCodeResponseSchema>;

/** A CSV or XLSX of cost codes: a Code column and a Name column, one code a row. */
export const CostCodeImportRequestSchema = z.object({
  fileName: requiredText('File name', 255),
  /** The file's bytes in base64. */
  content: z
    .string({ message: 'Choose a file to import' })
    .min(1, 'Choose a file to import')
    .max(Math.ceil((1024 * 1024) / 3) * 4, 'The file is too large: at most 1 MB'),
});
export type CostCodeImportRequest = z.input<typeof CostCodeImportRequestSchema>;
export const CostCodeImportResponseSchema = z.object({ message: z.string(), imported: z.number(), existing: z.number() });
export type CostCodeImportResponse = z.infer<typeof CostCodeImportResponseSchema>;
export const COST_CODE_IMPORT_COLUMNS = 'The file needs a Code column and a Name column.';
/** At most this many cost codes in one file. */
export const COST_CODE_IMPORT_ROWS_MAX = 5_000;
export const COST_CODE_IMPORT_TOO_MANY = 'At most 5,000 cost codes in one file.';
export function costCodeImportRow(row: number): string {
  return `Row ${row} needs a code of at most 50 characters and a name.`;
}
export function costCodeImportRepeated(code: string): string {
  return `Cost code ${code} appears more than once in the file.`;
}
export function costCodeImportConflict(code: string, name: string): string {
  return `Cost code ${code} already exists as "${name}".`;
}
export function costCodesImported(imported: number, existing: number): string {
  return `Imported ${imported} cost codes; ${existing} were already there.`;
}
