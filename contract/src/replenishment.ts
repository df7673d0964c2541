import { z } from 'zod';
import { fieldAtLeast, fieldAtMost, fieldWholeNumber, IdSchema, PageQuerySchema, StoreRefSchema } from './common';
import { QUANTITY_MAX, startingQuantitySchema } from './ledger';
import { NOTICE_CODES } from './notices';

// Reorder points and the low-stock list: per store and material, warned before a store runs dry.

const whole = (label: string, min: number) =>
  z
    .number({ message: fieldWholeNumber(label) })
    .int(fieldWholeNumber(label))
    .min(min, fieldAtLeast(label, min))
    .max(QUANTITY_MAX, fieldAtMost(label, QUANTITY_MAX));

export const REORDER_TARGET_ABOVE_MIN = 'The target must be more than the minimum.';
export const ReorderRequestSchema = z
  .object({
    /** In the material's decimals, which the server checks. */
    minQty: startingQuantitySchema('Minimum'),
    targetQty: startingQuantitySchema('Target'),
    packSize: whole('Pack size', 1).default(1),
    /** The supplier it is ordered from; left out, it stays as it was; null, it has none. */
    preferredSupplierId: IdSchema.nullable().optional(),
  })
  .refine((value) => value.targetQty > value.minQty, { message: REORDER_TARGET_ABOVE_MIN, path: ['targetQty'] });
export type ReorderRequest = z.input<typeof ReorderRequestSchema>;

const SupplierRefSchema = z.object({ _id: z.string(), name: z.string() });
export const ReorderPointSchema = z.object({
  minQty: z.number(),
  targetQty: z.number(),
  packSize: z.number(),
  preferredSupplier: SupplierRefSchema.nullable(),
});
export type ReorderPoint = z.infer<typeof ReorderPointSchema>;
export const ReorderResponseSchema = z.object({ message: z.string(), reorder: ReorderPointSchema.nullable() });
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;

export const LowStockQuerySchema = PageQuerySchema.extend({ storeId: IdSchema.optional() });
export const LowStockRowSchema = z.object({
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  store: StoreRefSchema,
  available: z.number(),
  /** Dispatched from another store, not yet received. */
  inTransit: z.number(),
  /** In a draft transfer to this store (an approved request), not yet dispatched. */
  requested: z.number(),
  /** The open request for it, if one was sent and has not arrived yet. */
  openRequest: z.object({ _id: z.string(), quantity: z.number() }).nullable(),
  minQty: z.number(),
  targetQty: z.number(),
  packSize: z.number(),
  /** On purchase orders (drafts included) and not arrived yet. */
  onOrder: z.number(),
  /** What to order: up to the target, less what is on order, rounded up to whole packs. */
  suggested: z.number(),
  /** The supplier it is ordered from, when one is set on its reorder point. */
  preferredSupplier: SupplierRefSchema.nullable(),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;
export const LowStockResponseSchema = z.object({ rows: z.array(LowStockRowSchema), total: z.number() });
export type LowStockResponse = z.infer<typeof LowStockResponseSchema>;

// ---- Notifications ----

export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** What it says as a notice code and its parts (null for older ones, which have only their English text). */
  code: z.enum(NOTICE_CODES).nullable(),
  params: z.array(z.union([z.string(), z.number()])),
  /** What it says in English. */
  text: z.string(),
  store: StoreRefSchema.nullable(),
  materialId: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListResponseSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number() });
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
