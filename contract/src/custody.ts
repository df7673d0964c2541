import { z } from 'zod';
import {
  fieldNegative,
  fieldTooLarge,
  fieldWholeNumber,
  IdSchema,
  NAME_MAX,
  optionalText,
  PageQuerySchema,
  requiredText,
  StoreRefSchema,
  TEXT_MAX,
} from './common';
import { AttachmentSchema } from './files';
import {
  CalendarDateSchema,
  proofFields,
  QUANTITY_MAX,
  ToolSchema,
  UNITS_PER_MOVEMENT_MAX,
  UnitIdsSchema,
  VALID_QUANTITY_REQUIRED,
  wholeQuantitySchema,
} from './ledger';
import { OverrideSchema, UNITS_MATCH_QUANTITY } from './tool-units';

// Tool custody: the workers of a store, tools handed to them until a due time, and what came back.

// ---- Workers ----

export const WorkerCreateRequestSchema = z.object({
  storeId: IdSchema.optional(),
  name: requiredText('Worker name'),
  trade: optionalText('Trade', NAME_MAX),
  phone: optionalText('Phone', 40),
});
export type WorkerCreateRequest = z.input<typeof WorkerCreateRequestSchema>;

export const WorkerUpdateRequestSchema = z.object({
  name: requiredText('Worker name').optional(),
  trade: optionalText('Trade', NAME_MAX).optional(),
  phone: optionalText('Phone', 40).optional(),
  active: z.boolean({ message: 'Active must be true or false' }).optional(),
});
export type WorkerUpdateRequest = z.input<typeof WorkerUpdateRequestSchema>;

export const WorkerListQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  q: z.string().trim().max(NAME_MAX).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const WorkerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  trade: z.string(),
  phone: z.string(),
  active: z.boolean(),
  store: StoreRefSchema,
  /** Tools the worker holds now, in units. */
  holding: z.number(),
  createdAt: z.string(),
});
export type Worker = z.infer<typeof WorkerSchema>;
export const WorkerListResponseSchema = z.object({ workers: z.array(WorkerSchema), total: z.number() });
export type WorkerListResponse = z.infer<typeof WorkerListResponseSchema>;
export const WorkerResponseSchema = z.object({ message: z.string(), worker: WorkerSchema });
export type WorkerResponse = z.infer<typeof WorkerResponseSchema>;

export const WORKER_NOT_FOUND = 'Worker not found';
export function workerNameTaken(name: string): string {
  return `An active worker named "${name}" already exists in this store.`;
}
export function workerStillHolds(name: string, holding: string): string {
  return `${name} still holds ${holding}. Check those tools in before marking ${name} inactive.`;
}
export const WORKER_INACTIVE = 'This worker is inactive. Mark them active again to hand them tools.';
export const WORKER_OTHER_STORE = 'This worker belongs to another store than the tool.';

// ---- Custody ----

/** When a tool is due back: an instant, or a day (then the end of that day's working hours). */
export const DueAtSchema = z.union([z.iso.datetime({ offset: true, message: 'Please enter a valid due date.' }), CalendarDateSchema]);

export const CheckoutRequestSchema = z
  .object({
    workerId: IdSchema,
    quantity: wholeQuantitySchema(VALID_QUANTITY_REQUIRED),
    dueAt: DueAtSchema.optional(),
    /** A serial tool's units handed over, as many as the quantity. */
    unitIds: UnitIdsSchema.optional(),
    /** An admin's reason to hand it over though a service or qualification check holds it back. */
    override: OverrideSchema.optional(),
    ...proofFields,
    /** The worker's signature: a PNG drawn on the phone, uploaded first. Required where the store asks for one. */
    signature: IdSchema.optional(),
  })
  .refine((value) => value.unitIds === undefined || value.unitIds.length === value.quantity, {
    message: UNITS_MATCH_QUANTITY,
    path: ['unitIds'],
  });
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

/** How many came back in a condition, or (for a serial tool) which units. */
const returnedPart = (label: string) =>
  z
    .union([
      z
        .number({ message: fieldWholeNumber(label) })
        .int(fieldWholeNumber(label))
        .min(0, fieldNegative(label))
        .max(QUANTITY_MAX, fieldTooLarge(label)),
      z.array(IdSchema, { message: fieldWholeNumber(label) }).max(UNITS_PER_MOVEMENT_MAX),
    ])
    .default(0);

/** The count of a returned part, given as a number or as its units. */
export function returnedCount(part: number | string[]): number {
  return typeof part === 'number' ? part : part.length;
}

export const SIGNATURE_REQUIRED = "The worker's signature is required.";
export const SIGNATURE_NOT_PNG = 'A signature is a PNG drawn on the phone and uploaded first: this file is not one, or not yours.';

export const CUSTODY_RETURN_EMPTY = 'Enter how many came back in good order, damaged or lost.';
export const CustodyReturnRequestSchema = z
  .object({
    good: returnedPart('Good'),
    damaged: returnedPart('Damaged'),
    lost: returnedPart('Lost'),
    note: optionalText('Note', TEXT_MAX),
    /** Photos of what came back and where it was taken back: on every line the return writes. */
    ...proofFields,
    /** The worker's signature, as at the hand-over. */
    signature: IdSchema.optional(),
  })
  .refine((value) => returnedCount(value.good) + returnedCount(value.damaged) + returnedCount(value.lost) > 0, {
    message: CUSTODY_RETURN_EMPTY,
    path: ['good'],
  });
export type CustodyReturnRequest = z.input<typeof CustodyReturnRequestSchema>;

export const CustodyDueRequestSchema = z.object({ dueAt: DueAtSchema });

export const CUSTODY_STATUSES = ['open', 'overdue', 'closed'] as const;
export const CustodyListQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  status: z.enum(CUSTODY_STATUSES).optional(),
  workerId: IdSchema.optional(),
  toolId: IdSchema.optional(),
});

const PersonSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const CustodySchema = z.object({
  _id: z.string(),
  toolId: z.string(),
  workerId: z.string(),
  storeId: z.string(),
  tool: z.object({ _id: z.string(), name: z.string() }),
  worker: z.object({ _id: z.string(), name: z.string(), trade: z.string() }),
  store: StoreRefSchema,
  quantity: z.number(),
  outstanding: z.number(),
  returnedGood: z.number(),
  returnedDamaged: z.number(),
  lost: z.number(),
  dueAt: z.string(),
  status: z.enum(['open', 'closed']),
  isOverdue: z.boolean(),
  /** Whole days past the due day, in the app's time zone; 0 when not overdue or due today. */
  daysOverdue: z.number(),
  issuedBy: PersonSchema,
  issuedAt: z.string(),
  closedAt: z.string().nullable(),
  /** A serial tool's units still out on the record. */
  units: z.array(z.object({ _id: z.string(), serial: z.string() })),
  /** One of those units fell due for service while out. */
  serviceDue: z.boolean(),
  /** The worker's signatures on it, oldest first: at the hand-over, and at each return. */
  signatures: z.array(
    z.object({
      event: z.enum(['handover', 'return']),
      fileId: z.string(),
      workerName: z.string(),
      signedAt: z.string(),
      signedBy: PersonSchema,
    }),
  ),
  /** The photos and documents on its hand-over and returns, each once, in the order they were attached. */
  photos: z.array(AttachmentSchema),
});
export type Custody = z.infer<typeof CustodySchema>;
export const CustodyListResponseSchema = z.object({ custody: z.array(CustodySchema), total: z.number() });
export type CustodyListResponse = z.infer<typeof CustodyListResponseSchema>;
export const CustodyResponseSchema = z.object({ message: z.string(), custody: CustodySchema });
export type CustodyResponse = z.infer<typeof CustodyResponseSchema>;
/** A check-out's answer also carries the tool's new counters, for the screen that issued it. */
/** The custody record, the tool's numbers after it, and the checkout's ledger row (as a phone's sync answers it). */
export const CheckoutResponseSchema = CustodyResponseSchema.extend({ tool: ToolSchema, movementId: z.string() });

export const CUSTODY_NOT_FOUND = 'Custody record not found';
export const CUSTODY_CLOSED = 'Everything of this custody record is already back.';
export function custodyReturnTooMany(outstanding: number): string {
  return `Only ${outstanding} ${outstanding === 1 ? 'is' : 'are'} still out on this record: the good, damaged and lost together cannot be more.`;
}
export const TOOL_CHECKED_OUT = 'Tool issued';
export const TOOL_CHECKED_IN = 'Tool checked in';
export const DUE_DATE_CHANGED = 'Due date changed';
