import { z } from 'zod';
import { fieldTooLong, IdSchema, PageQuerySchema, requiredText, StoreRefSchema, TEXT_MAX } from './common';
import { DueAtSchema } from './custody';
import { batchFields, CalendarDateSchema, jobFields, quantitySchema, UnitIdsSchema, unitField, VALID_QUANTITY_REQUIRED } from './ledger';
import { SYNC_BATCH_MAX } from './limits';
import { LocationSchema } from './location';
import { JOB_REQUIRED } from './messages';
import { UnitCostSchema } from './money';
import { PurchaseReceiptRequestSchema } from './purchase-orders';
import { UNITS_MATCH_QUANTITY } from './tool-units';

// Movements a keeper recorded on a phone, maybe with no signal, sent later in a batch: each applied
// exactly once, or kept on the server for a person to look at (parked).

export { SYNC_BATCH_MAX };

/** The kinds of movement a phone may queue, and the ledger kind each records. */
export const SYNC_OP_KINDS = ['issue', 'damage', 'return', 'restock', 'transfer', 'tool-issue', 'tool-damage', 'tool-return'] as const;
export type SyncOpKind = (typeof SYNC_OP_KINDS)[number];
/** A capture time further ahead of the server's clock than this is refused as invalid. */
export const SYNC_FUTURE_TOLERANCE_MS = 5 * 60_000;

export const SYNC_WORKER_ON_ISSUE_ONLY = 'Only a tool issue names a worker.';
export const SYNC_DUE_WITHOUT_WORKER = 'A due date needs a worker.';
export const SYNC_COST_ON_INBOUND_ONLY = 'Only a purchase or a transfer from the warehouse names a unit cost.';
export const SYNC_JOB_ON_SITE_OPS_ONLY = 'Only an issue, a damage or a return of a material names a job.';
export const SYNC_COST_CODE_ON_CHARGES_ONLY = 'Only an issue or a damage names a cost code.';
/** The op kinds that may name a job: issue and damage charge it, a return credits it. */
export const JOB_OP_KINDS: readonly SyncOpKind[] = ['issue', 'damage', 'return'];
/** The op kinds that bring stock in from outside, at a cost. */
export const INBOUND_OP_KINDS: readonly SyncOpKind[] = ['restock', 'transfer'];

/** The item kind each op kind moves. */
export function itemKindOfOp(kind: SyncOpKind): 'material' | 'tool' {
  return kind.startsWith('tool-') ? 'tool' : 'material';
}

/** One queued movement, as the phone stored it in its outbox. */
export const SYNC_SIGNATURE_ON_HANDOVER_ONLY = 'Only a tool issue to a worker carries a signature.';

export const SYNC_UNIT_ON_MATERIALS_ONLY = 'Only a material is counted in other units.';
export const SYNC_BATCH_ON_MATERIALS_ONLY = 'Only a material is kept by batch.';

export const SyncOpSchema = z
  .object({
    opId: z.uuid({ message: 'opId must be a UUID' }),
    kind: z.enum(SYNC_OP_KINDS, { message: `kind must be one of ${SYNC_OP_KINDS.join(', ')}` }),
    itemKind: z.enum(['material', 'tool'], { message: 'itemKind must be material or tool' }),
    itemId: IdSchema,
    quantity: quantitySchema(VALID_QUANTITY_REQUIRED),
    reason: z.string().trim().max(TEXT_MAX, fieldTooLong('Reason', TEXT_MAX)).optional().default(''),
    capturedAt: z.iso.datetime({ offset: true, message: 'capturedAt must be an ISO date-time' }),
    storeId: IdSchema,
    /** A tool issue may hand the tools to a worker of the store, due back by a day, as Issued Tool does. */
    workerId: IdSchema.optional(),
    dueAt: DueAtSchema.optional(),
    unitCost: UnitCostSchema.optional(),
    /** Another unit of the material's the quantity (and unit cost) is in. */
    ...unitField,
    /** A serial tool's units, as many as the quantity. */
    unitIds: UnitIdsSchema.optional(),
    ...jobFields,
    /** Where the phone was when the op was captured, when it said. */
    location: LocationSchema.optional(),
    /** A hand-over's signature by the worker (a PNG uploaded first). */
    signature: IdSchema.optional(),
    /** Of a material kept by batch: the batch it moves, and the day a batch brought in expires. */
    ...batchFields,
  })
  .refine((op) => itemKindOfOp(op.kind) === op.itemKind, { message: 'itemKind does not match kind', path: ['itemKind'] })
  .refine((op) => op.workerId === undefined || op.kind === 'tool-issue', { message: SYNC_WORKER_ON_ISSUE_ONLY, path: ['workerId'] })
  .refine((op) => op.unitIds === undefined || (op.itemKind === 'tool' && op.unitIds.length === op.quantity), {
    message: UNITS_MATCH_QUANTITY,
    path: ['unitIds'],
  })
  .refine((op) => op.dueAt === undefined || op.workerId !== undefined, { message: SYNC_DUE_WITHOUT_WORKER, path: ['dueAt'] })
  .refine((op) => op.signature === undefined || op.workerId !== undefined, {
    message: SYNC_SIGNATURE_ON_HANDOVER_ONLY,
    path: ['signature'],
  })
  .refine((op) => op.unit === undefined || op.itemKind === 'material', { message: SYNC_UNIT_ON_MATERIALS_ONLY, path: ['unit'] })
  .refine((op) => (op.batch === undefined && op.expiresOn === undefined) || op.itemKind === 'material', {
    message: SYNC_BATCH_ON_MATERIALS_ONLY,
    path: ['batch'],
  })
  .refine((op) => op.unitCost === undefined || INBOUND_OP_KINDS.includes(op.kind), {
    message: SYNC_COST_ON_INBOUND_ONLY,
    path: ['unitCost'],
  })
  .refine((op) => op.jobId === undefined || JOB_OP_KINDS.includes(op.kind), { message: SYNC_JOB_ON_SITE_OPS_ONLY, path: ['jobId'] })
  .refine((op) => op.costCode === undefined || op.jobId !== undefined, { message: JOB_REQUIRED, path: ['jobId'] })
  .refine((op) => op.costCode === undefined || (op.kind !== 'return' && JOB_OP_KINDS.includes(op.kind)), {
    message: SYNC_COST_CODE_ON_CHARGES_ONLY,
    path: ['costCode'],
  });
export type MovementOp = z.input<typeof SyncOpSchema>;

/**
 * What arrived against a purchase order, received on the phone: the same receipt as the online call's,
 * with where the phone was when it said. Its photos follow it by the op's id, as a movement's do.
 */
export const PoReceiptOpSchema = PurchaseReceiptRequestSchema.omit({ attachments: true }).extend({
  opId: z.uuid({ message: 'opId must be a UUID' }),
  kind: z.literal('po-receipt'),
  purchaseOrderId: IdSchema,
  storeId: IdSchema,
  capturedAt: z.iso.datetime({ offset: true, message: 'capturedAt must be an ISO date-time' }),
});
export type PoReceiptOp = z.input<typeof PoReceiptOpSchema>;
export type SyncOp = MovementOp | PoReceiptOp;

/** Whether a queued op is a receipt against a purchase order (else a movement of one item). */
export function isPoReceiptOp<T extends { kind: string }>(op: T): op is Extract<T, { kind: 'po-receipt' }> {
  return op.kind === 'po-receipt';
}

/** The batch: each op is checked on its own, so one malformed op is rejected without refusing the rest. */
export const SyncRequestSchema = z.object({
  ops: z
    .array(z.looseObject({ opId: z.string({ message: 'opId is required' }).max(200) }))
    .min(1, 'ops must hold at least one movement')
    .max(SYNC_BATCH_MAX, `ops must hold at most ${SYNC_BATCH_MAX} movements`),
});

export const SYNC_STATUSES = ['applied', 'duplicate', 'rejected', 'parked'] as const;
export const SYNC_CODES = [
  'key_mismatch',
  'invalid',
  'insufficient_stock',
  'item_gone',
  'forbidden',
  'too_old',
  'store_closed',
  'worker_gone',
  'parked_full',
  'job_refused',
  'receipt_refused',
  'service_due',
  'unit_unavailable',
] as const;
export type SyncCode = (typeof SYNC_CODES)[number];

export const SyncResultSchema = z.object({
  opId: z.string(),
  status: z.enum(SYNC_STATUSES),
  movementId: z.string().optional(),
  code: z.enum(SYNC_CODES).optional(),
  message: z.string().optional(),
  /** What could be moved when the op was parked for want of stock. */
  available: z.number().optional(),
  /** The parked op's id, to resolve it. */
  parkedId: z.string().optional(),
  /** The receipt a po-receipt op recorded. */
  receiptId: z.string().optional(),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;
export const SyncResponseSchema = z.object({ results: z.array(SyncResultSchema) });
export type SyncResponse = z.infer<typeof SyncResponseSchema>;

// ---- Parked movements ----

export const PARKED_STATES = ['open', 'applied', 'discarded'] as const;

/** A parked receipt: its order, the day it names, and each line as the phone sent it. */
export const ParkedReceiptSchema = z.object({
  purchaseOrder: z.object({ _id: z.string(), number: z.string() }),
  receivedAt: z.string(),
  deliveryNote: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.string(), name: z.string(), unit: z.string(), received: z.number(), damaged: z.number() })),
});
export type ParkedReceipt = z.infer<typeof ParkedReceiptSchema>;

export const ParkedMovementSchema = z.object({
  _id: z.string(),
  opId: z.string(),
  kind: z.enum([...SYNC_OP_KINDS, 'po-receipt']),
  /** A movement's item; a receipt names none (its lines are under `receipt`). */
  itemKind: z.enum(['material', 'tool']).nullable(),
  itemId: z.string().nullable(),
  /** The item's name, when it still exists. */
  itemName: z.string().nullable(),
  unit: z.string(),
  store: StoreRefSchema,
  /** A receipt's: all its lines', whole and damaged. */
  quantity: z.number(),
  reason: z.string(),
  capturedAt: z.string(),
  receipt: ParkedReceiptSchema.nullable(),
  code: z.enum(SYNC_CODES),
  message: z.string(),
  available: z.number().nullable(),
  /** The worker a tool issue hands the tools to, and when they are due back. */
  worker: z.object({ _id: z.string(), name: z.string() }).nullable(),
  dueAt: z.string().nullable(),
  /** The job it names (its code when the job exists) and its cost code. */
  job: z.object({ _id: z.string(), code: z.string().nullable() }).nullable(),
  costCode: z.string().nullable(),
  /** Who recorded it on the phone. */
  recordedBy: z.string(),
  parkedAt: z.string(),
  state: z.enum(PARKED_STATES),
  movementId: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  discardReason: z.string().nullable(),
});
export type ParkedMovement = z.infer<typeof ParkedMovementSchema>;

export const ParkedListQuerySchema = PageQuerySchema.extend({ storeId: IdSchema.optional() });
export const ParkedListResponseSchema = z.object({ parked: z.array(ParkedMovementSchema), total: z.number() });
export type ParkedListResponse = z.infer<typeof ParkedListResponseSchema>;

export const ParkedApplyRequestSchema = z.object({
  quantity: quantitySchema(VALID_QUANTITY_REQUIRED).optional(),
  /** A parked receipt's lines as they are to be recorded, instead of as the phone sent them. */
  lines: PurchaseReceiptRequestSchema.shape.lines.optional(),
  /** The day to record it on instead of when it was captured (YYYY-MM-DD): what the applier may date. */
  day: CalendarDateSchema.optional(),
  /** Another job (and cost code) to charge instead of the one the phone named, e.g. when that job was closed. */
  ...jobFields,
});
export const ParkedDiscardRequestSchema = z.object({ reason: requiredText('Reason', TEXT_MAX) });
export const ParkedResponseSchema = z.object({ message: z.string(), parked: ParkedMovementSchema });
export type ParkedResponse = z.infer<typeof ParkedResponseSchema>;

export const PARKED_NOT_FOUND = 'Parked movement not found';
export const PARKED_ALREADY_DISCARDED = 'This movement was already discarded.';
export const PARKED_ALREADY_APPLIED = 'This movement was already applied.';
export const SYNC_TOO_OLD = (days: number) => `Recorded more than ${days} days ago: check it before it goes into the ledger.`;
/** At most this many open parked ops per sender and store: past it the phone keeps its ops until some are resolved. */
export const PARKED_PER_SENDER_MAX = 500;
export const SYNC_PARKED_FULL = `${PARKED_PER_SENDER_MAX} of your movements already wait in this store's Needs attention list: this one stays on the phone until some are resolved.`;
export const PARKED_TOO_OLD_FOR_KEEPER = (days: number) =>
  `Recorded more than ${days} days ago: only an admin can apply it, at today's date or a day they choose.`;
export const PARKED_CAPTURER_CANNOT = 'The person who recorded this can no longer record in this store: discard it, or record it again.';
export const SYNC_FORBIDDEN = 'This store is no longer one of yours.';
export const SYNC_ITEM_GONE = 'This item was deleted.';
export const SYNC_KEY_MISMATCH = 'This opId was already sent with a different movement.';
export const SYNC_IN_FUTURE = 'capturedAt is more than 5 minutes in the future.';
export const SYNC_WRONG_STORE = 'The item is not in the store the movement names.';
export const SYNC_WORKER_GONE = 'The worker is no longer active in this store.';
export const SYNC_ORDER_OTHER_STORE = 'The purchase order is not for the store the receipt names.';
export const PARKED_LINES_ON_RECEIPTS_ONLY = 'Only a parked receipt takes lines; a movement takes a quantity.';
