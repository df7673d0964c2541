import { z } from 'zod';
import { IdSchema, PageQuerySchema, requiredText, StoreRefSchema, TEXT_MAX } from './common';
import { AttachmentSchema } from './files';
import { batchFields, proofFields, quantitySchema, startingQuantitySchema, unitField, VALID_QUANTITY_REQUIRED } from './ledger';

// Requests to the warehouse and transfers between stores, with goods in transit.

const LINES_MAX = 500;
const lineQuantity = quantitySchema(VALID_QUANTITY_REQUIRED);
const PersonSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

// ---- Requests ----

export const REQUEST_STATUSES = ['submitted', 'approved', 'dispatched', 'received', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const StockRequestCreateSchema = z.object({
  /** Required for an admin; a keeper's defaults to their active store. */
  storeId: IdSchema.optional(),
  lines: z
    .array(z.object({ materialId: IdSchema, quantity: lineQuantity }))
    .min(1, 'Choose at least one material.')
    .max(LINES_MAX, `At most ${LINES_MAX} materials in one request.`)
    .refine((lines) => new Set(lines.map((line) => line.materialId)).size === lines.length, 'Each material may appear once.'),
});
export type StockRequestCreate = z.input<typeof StockRequestCreateSchema>;

export const StockRequestQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});

export const StockRequestSchema = z.object({
  _id: z.string(),
  store: StoreRefSchema,
  status: z.enum(REQUEST_STATUSES),
  lines: z.array(
    z.object({ _id: z.string(), materialId: z.string(), name: z.string(), unit: z.string(), decimals: z.number(), quantity: z.number() }),
  ),
  createdBy: PersonSchema,
  createdAt: z.string(),
  decidedBy: PersonSchema,
  decidedAt: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  transferId: z.string().nullable(),
  /** What the caller may do with it now. */
  can: z.object({ decide: z.boolean(), cancel: z.boolean() }),
});
export type StockRequest = z.infer<typeof StockRequestSchema>;
export const StockRequestResponseSchema = z.object({ message: z.string(), request: StockRequestSchema });
export type StockRequestResponse = z.infer<typeof StockRequestResponseSchema>;
export const StockRequestListResponseSchema = z.object({ requests: z.array(StockRequestSchema), total: z.number() });
export type StockRequestListResponse = z.infer<typeof StockRequestListResponseSchema>;

export const StockRequestApproveSchema = z.object({
  sourceStoreId: IdSchema,
  /** Changed quantities, by request line; lines not named keep theirs. */
  lines: z
    .array(z.object({ lineId: IdSchema, quantity: lineQuantity }))
    .max(LINES_MAX)
    .optional(),
});
export type StockRequestApprove = z.input<typeof StockRequestApproveSchema>;
export const ReasonSchema = z.object({ reason: requiredText('Reason', TEXT_MAX) });
export type ReasonBody = z.input<typeof ReasonSchema>;

export const REQUEST_NOT_FOUND = 'Request not found';
export const REQUEST_SENT = 'Request sent to the warehouse.';
export const REQUEST_ALREADY_OPEN = 'These materials are already requested: the open request is shown.';
export const REQUEST_NOT_SUBMITTED = 'Only a request waiting for approval can be approved, rejected or cancelled.';
export const REQUEST_FROM_ITSELF = 'Choose another store to send from: a store cannot supply itself.';

// ---- Transfers ----

export const TRANSFER_STATUSES = [
  'draft',
  'dispatched',
  'partially_received',
  'received',
  'received_with_discrepancy',
  'cancelled',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  draft: 'Draft',
  dispatched: 'In transit',
  partially_received: 'Partly received',
  received: 'Received',
  received_with_discrepancy: 'Received with discrepancy',
  cancelled: 'Cancelled',
};

export const TOOL_LINE_UNIT = 'A tool moves in whole units: only a material line names a unit.';
const TransferLineInputSchema = z
  .object({ materialId: IdSchema.optional(), toolId: IdSchema.optional(), quantity: lineQuantity, ...unitField })
  .refine((line) => Boolean(line.materialId) !== Boolean(line.toolId), 'Name a material or a tool on each line.')
  .refine((line) => !line.unit || Boolean(line.materialId), TOOL_LINE_UNIT);

export const TransferCreateSchema = z.object({
  fromStoreId: IdSchema,
  toStoreId: IdSchema,
  lines: z.array(TransferLineInputSchema).min(1, 'Add at least one line.').max(LINES_MAX, `At most ${LINES_MAX} lines in one transfer.`),
});
export type TransferCreate = z.input<typeof TransferCreateSchema>;

export const TransferQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  direction: z.enum(['in', 'out']).optional(),
  status: z.enum(TRANSFER_STATUSES).optional(),
  /** Only transfers with goods still in transit or written off. */
  open: z.enum(['in_transit', 'written_off']).optional(),
});

/** Photos of what leaves (the loaded truck, the waybill) and where: on every line the dispatch writes. */
export const TransferDispatchSchema = z.object({ ...proofFields });
export type TransferDispatch = z.input<typeof TransferDispatchSchema>;

/** What arrived of a line, whole or damaged: from 0, in the item's decimals. */
const quantity = startingQuantitySchema('Quantity');
export const TransferReceiveSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: IdSchema,
        received: quantity.default(0),
        damaged: quantity.default(0),
        /** For a material kept by batch that left with none: the batch it goes into and its expiry. */
        ...batchFields,
      }),
    )
    .min(1, 'Enter what arrived.')
    .max(LINES_MAX)
    .refine((lines) => lines.some((line) => line.received + line.damaged > 0), 'Enter what arrived.')
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'Each line may appear once.'),
  /** Photos of what arrived (the waybill, a split bag) and where: on every line the receipt writes. */
  ...proofFields,
});
export type TransferReceive = z.input<typeof TransferReceiveSchema>;

export const TransferLineSchema = z.object({
  _id: z.string(),
  itemKind: z.enum(['material', 'tool']),
  /** The sending store's item. */
  itemId: z.string(),
  /** The receiving store's item of the same name, once known. */
  toItemId: z.string().nullable(),
  name: z.string(),
  unit: z.string(),
  /** How many decimals its quantities take: what both stores' materials take, 0 for a tool. */
  decimals: z.number(),
  quantity: z.number(),
  received: z.number(),
  damaged: z.number(),
  /** Written off when the transfer was closed. */
  lost: z.number(),
  /** Sent and not yet received, damaged or written off (0 while a draft). */
  inTransit: z.number(),
});
export type TransferLine = z.infer<typeof TransferLineSchema>;

export const TransferSchema = z.object({
  _id: z.string(),
  /** A short reference people say and write, e.g. T-3F9A1C. */
  reference: z.string(),
  fromStore: StoreRefSchema,
  toStore: StoreRefSchema,
  status: z.enum(TRANSFER_STATUSES),
  requestId: z.string().nullable(),
  createdBy: PersonSchema,
  createdAt: z.string(),
  dispatchedBy: PersonSchema,
  dispatchedAt: z.string().nullable(),
  closedBy: PersonSchema,
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  lines: z.array(TransferLineSchema),
  /** What the caller may do with it now. */
  can: z.object({ dispatch: z.boolean(), cancel: z.boolean(), receive: z.boolean(), close: z.boolean() }),
  totals: z.object({ quantity: z.number(), received: z.number(), damaged: z.number(), lost: z.number(), inTransit: z.number() }),
});
export type Transfer = z.infer<typeof TransferSchema>;
export const TransferResponseSchema = z.object({ message: z.string(), transfer: TransferSchema });
export type TransferResponse = z.infer<typeof TransferResponseSchema>;
export const TransferListResponseSchema = z.object({ transfers: z.array(TransferSchema), total: z.number() });
export type TransferListResponse = z.infer<typeof TransferListResponseSchema>;

/** A transfer's reference from its id. */
export function transferReference(id: string): string {
  return `T-${id.slice(0, 6).toUpperCase()}`;
}

export const TRANSFER_NOT_FOUND = 'Transfer not found';
export const TRANSFER_SAME_STORE = 'Choose two different stores.';
export const TRANSFER_CREATED = 'Transfer saved as a draft.';
export const TRANSFER_DISPATCHED = 'Transfer dispatched: the goods are in transit.';
export const TRANSFER_RECEIVED = 'Receipt recorded.';
export const TRANSFER_CANCELLED = 'Transfer cancelled.';
export const TRANSFER_CLOSED = 'Transfer closed: what was still in transit is written off.';
export const TRANSFER_NOT_DRAFT = 'Only a draft transfer can be dispatched or cancelled.';
export const TRANSFER_NOT_IN_TRANSIT = 'Nothing of this transfer is in transit.';
export const TRANSFER_LINE_UNKNOWN = 'A line of the receipt is not a line of this transfer.';
export function receiptTooMuch(name: string, left: number): string {
  return `${name}: only ${left} ${left === 1 ? 'is' : 'are'} still in transit; received and damaged together cannot be more.`;
}
export function notEnoughToDispatch(name: string, available: number, quantity: number): string {
  return `Not enough ${name} to dispatch: ${quantity} to send, ${available} available.`;
}
export function noSuchItemAtSource(name: string, store: string): string {
  return `${store} has no ${name} to send.`;
}

/** A transfer with the ledger rows of its lines: dispatches, receipts and damage on arrival. */
export const TransferDetailResponseSchema = z.object({
  message: z.string(),
  transfer: TransferSchema,
  history: z.array(
    z.object({
      _id: z.string(),
      kind: z.string(),
      quantity: z.number(),
      itemName: z.string(),
      storeName: z.string(),
      at: z.string(),
      actor: z.string().nullable(),
      reason: z.string().nullable(),
      /** Photos on the line: of what left at the dispatch, of what arrived at a receipt. */
      attachments: z.array(AttachmentSchema),
    }),
  ),
});
export type TransferDetailResponse = z.infer<typeof TransferDetailResponseSchema>;
