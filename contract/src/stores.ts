import { z } from 'zod';
import { MessageResponseSchema, NAME_MAX, optionalText, requiredText } from './common';
import { CalendarDateSchema } from './ledger';

export const STORE_STATUSES = ['Active', 'Inactive'] as const;
export const STORE_EDIT_REQUIRED = 'Store name, location, and status are required.';
export const STORE_IN_USE = 'This store has materials, tools, stock movements or users and cannot be deleted. Mark it Inactive instead.';

export const StoreCreateRequestSchema = z.object({
  name: requiredText('Store name'),
  location: optionalText('Store address', 500),
  openingHours: optionalText('Opening hours', 200),
  status: z.enum(STORE_STATUSES, { message: 'Status must be Active or Inactive' }).default('Active'),
});
export type StoreCreateRequest = z.input<typeof StoreCreateRequestSchema>;

export const COUNT_TOLERANCE_INVALID = 'Count tolerance must be a whole number of percent from 0 to 100.';
export const EXPIRY_WARNING_INVALID = 'Expiry warning must be a whole number of days from 0 to 365.';
export const StoreUpdateRequestSchema = z.object({
  name: z.string({ message: STORE_EDIT_REQUIRED }).trim().min(1, STORE_EDIT_REQUIRED).max(NAME_MAX),
  location: z.string({ message: STORE_EDIT_REQUIRED }).trim().min(1, STORE_EDIT_REQUIRED).max(500),
  isActive: z.boolean({ message: STORE_EDIT_REQUIRED }),
  /** A keeper may post a count whose every difference is within this percent of the expected quantity. */
  countTolerancePercent: z
    .number({ message: COUNT_TOLERANCE_INVALID })
    .int(COUNT_TOLERANCE_INVALID)
    .min(0, COUNT_TOLERANCE_INVALID)
    .max(100, COUNT_TOLERANCE_INVALID)
    .optional(),
  /** Every issue and damage in the store names a job and a cost code. */
  requireJob: z.boolean({ message: 'requireJob must be true or false' }).optional(),
  /** A hand-over of tools to a worker, and their return, needs the worker's signature. */
  signatureOnHandover: z.boolean({ message: 'signatureOnHandover must be true or false' }).optional(),
  /** A batch in stock is expiring once it expires within this many days. */
  expiryWarningDays: z
    .number({ message: EXPIRY_WARNING_INVALID })
    .int(EXPIRY_WARNING_INVALID)
    .min(0, EXPIRY_WARNING_INVALID)
    .max(365, EXPIRY_WARNING_INVALID)
    .optional(),
});
export type StoreUpdateRequest = z.infer<typeof StoreUpdateRequestSchema>;

export const StoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  storeName: z.string(),
  location: z.string(),
  openingHours: z.string(),
  isActive: z.boolean(),
  status: z.enum(STORE_STATUSES),
  createdAt: z.string(),
  /** The last day of closed books: nothing may be recorded on or before it. */
  lockedThrough: z.string().nullable(),
  countTolerancePercent: z.number(),
  requireJob: z.boolean(),
  signatureOnHandover: z.boolean(),
  /** A batch in stock is expiring once it expires within this many days. */
  expiryWarningDays: z.number(),
  /** The circle its movements are expected to be recorded in (`PUT /api/stores/{id}/geofence`), or none. */
  geofence: z.object({ lat: z.number(), lon: z.number(), radiusM: z.number() }).nullable(),
});
export type Store = z.infer<typeof StoreSchema>;

export const StoreListResponseSchema = z.array(StoreSchema);
export const StoreWriteResponseSchema = MessageResponseSchema.extend({ store: StoreSchema });

// ---- Closed books ----

export const StoreLockRequestSchema = z.object({ throughDate: CalendarDateSchema });
export type StoreLockRequest = z.input<typeof StoreLockRequestSchema>;
export const StoreUnlockRequestSchema = z.object({ reason: requiredText('Reason', 1000) });
export const LOCK_NOT_BEFORE_TODAY = 'The books can be closed through yesterday at the latest.';
export function lockOnlyForward(lockedThrough: string): string {
  const [year, month, day] = lockedThrough.split('-');
  return `The books are already closed through ${day}/${month}/${year}; closing only moves forward. To reopen them, unlock first.`;
}
export const STORE_NOT_LOCKED = 'The books of this store are not closed.';

/** What a caller is told who names a store that is not theirs. */
export const NO_STORE_ACCESS = 'You do not have access to this store.';
