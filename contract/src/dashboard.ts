import { z } from 'zod';
import { IdSchema } from './common';
import { MoneySchema } from './money';

/** The dashboard of the stores a caller may see; `materialId` picks the material of the weekly chart (default: the most issued). */
export const DashboardQuerySchema = z.object({ materialId: IdSchema.optional() });

const ConsumedMaterialSchema = z.object({
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  storeName: z.string(),
  quantity: z.number(),
});

export const DashboardResponseSchema = z.object({
  /** The first day (YYYY-MM-DD, in the app's time zone) of the last 30 days, today included. */
  since: z.string(),
  /** The 10 materials issued most over the last 30 days, most first. */
  topConsumed: z.array(ConsumedMaterialSchema),
  /** One material's issues in each of the last 12 weeks (weeks start on Monday), oldest first; null when nothing was issued. */
  weekly: z
    .object({
      materialId: z.string(),
      name: z.string(),
      unit: z.string(),
      weeks: z.array(z.object({ weekStart: z.string(), quantity: z.number() })),
    })
    .nullable(),
  /** Per store over the last 30 days: materials issued, damaged, and damage as a share of issues (null with no issues). */
  damageShare: z.array(
    z.object({ storeId: z.string(), storeName: z.string(), issued: z.number(), damaged: z.number(), share: z.number().nullable() }),
  ),
  /** For those who see costs: what each store's stock is worth now, the stores' sum. */
  stockValue: z.array(z.object({ storeId: z.string(), storeName: z.string(), value: MoneySchema })).optional(),
  /**
   * For those who see costs: the open jobs of the caller's stores, the most charged this month first
   * (10 at most): this month's consumption, all of it so far, and the budget.
   */
  jobs: z
    .array(
      z.object({
        jobId: z.string(),
        code: z.string(),
        name: z.string(),
        monthValue: MoneySchema,
        totalValue: MoneySchema,
        budget: MoneySchema.nullable(),
      }),
    )
    .optional(),
  /** For admins: accounts whose failed sign-ins passed the slowdown threshold in the last 7 days, newest first; empty for others. */
  signInBursts: z.array(z.object({ userName: z.string(), at: z.string(), lastAddress: z.string().nullable() })),
  /** Movements of the caller's stores recorded outside their store's geofence over the last 30 days (`GET /api/exceptions`). */
  geofenceExceptions: z.number(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
