import { z } from 'zod';
import { IdSchema, PageQuerySchema, StoreRefSchema } from './common';
import { dayOf } from './messages';

/** The batch that holds the stock a material had when it began to track expiry: it has no expiry date. */
export const UNBATCHED = 'UNBATCHED';

export function batchRequired(material: string): string {
  return `${material} is kept by batch: name the batch and the day it expires.`;
}
export function batchNotTracked(material: string): string {
  return `${material} is not kept by batch: send no batch.`;
}
export function batchUnknown(material: string, batch: string): string {
  return `${material} has no batch ${batch} in this store.`;
}
export function batchExpired(material: string, batch: string, expiresOn: string): string {
  return `Batch ${batch} of ${material} expired on ${dayOf(expiresOn)}: it cannot be issued. Record it as damaged or return it to the supplier.`;
}
export function batchShort(material: string, batch: string, quantity: number): string {
  return `Batch ${batch} of ${material} holds only ${quantity}.`;
}
export function batchExpiresOtherDay(material: string, batch: string, expiresOn: string): string {
  return `Batch ${batch} of ${material} expires on ${dayOf(expiresOn)}: receive it with that date, or name another batch.`;
}
/** An outbound line that unexpired stock cannot cover, while an expired batch holds some. */
export function onlyExpiredLeft(material: string, batch: string, expiresOn: string): string {
  return `Not enough unexpired ${material} in stock: batch ${batch} expired on ${dayOf(expiresOn)}.`;
}

export const BatchListQuerySchema = z.object({ storeId: IdSchema.optional() }).strict();

/** A batch of a material in stock: what it holds and the day it expires (none for UNBATCHED). */
export const BatchSchema = z.object({
  batch: z.string(),
  expiresOn: z.string().nullable(),
  quantity: z.number(),
  /** Its expiry day has passed in the app's time zone. */
  isExpired: z.boolean(),
});
export type Batch = z.infer<typeof BatchSchema>;
export const BatchListResponseSchema = z.object({ batches: z.array(BatchSchema) });
export type BatchListResponse = z.infer<typeof BatchListResponseSchema>;

/** Every batch in stock of the caller's stores (or one store's), a page at a time: what the phone keeps for use with no signal. */
export const StockBatchQuerySchema = PageQuerySchema.extend({ storeId: IdSchema.optional() }).strict();
export const StockBatchSchema = BatchSchema.extend({ materialId: z.string() });
export type StockBatch = z.infer<typeof StockBatchSchema>;
export const StockBatchListResponseSchema = z.object({ batches: z.array(StockBatchSchema), total: z.number() });
export type StockBatchListResponse = z.infer<typeof StockBatchListResponseSchema>;

// ---- Expiring batches ----

/** Without `withinDays`, each store's own expiry warning. */
export const ExpiringQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  withinDays: z.coerce.number().int().min(0).max(365).optional(),
}).strict();
export type ExpiringQuery = z.input<typeof ExpiringQuerySchema>;

/** A batch in stock that expires within the window, or has expired. */
export const ExpiringBatchSchema = BatchSchema.extend({
  materialId: z.string(),
  material: z.string(),
  unit: z.string(),
  storeId: StoreRefSchema,
  /** Days until it expires: 0 on its last day, negative once expired. */
  daysLeft: z.number(),
});
export type ExpiringBatch = z.infer<typeof ExpiringBatchSchema>;
export const ExpiringResponseSchema = z.object({ batches: z.array(ExpiringBatchSchema), total: z.number() });
export type ExpiringResponse = z.infer<typeof ExpiringResponseSchema>;
