import { z } from 'zod';
import { IdSchema, PageQuerySchema, requiredText, StoreRefSchema, TEXT_MAX } from './common';
import { AttachmentSchema, attachmentsField } from './files';
import { BatchNameSchema, CalendarDateSchema, startingQuantitySchema, unitField } from './ledger';

// Stock counts: a store's items counted while the store keeps working; each difference between the
// counted quantity and the balance at the moment it was counted posts as one `adjustment` movement.

export const COUNT_STATUSES = ['counting', 'submitted', 'posted', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  counting: 'Counting',
  submitted: 'Submitted',
  posted: 'Posted',
  cancelled: 'Cancelled',
};
/** The most items one count may name; a whole store needs no list. */
export const COUNT_ITEMS_MAX = 5000;

export const CountCreateRequestSchema = z.object({
  storeId: IdSchema.optional(),
  itemKind: z.enum(['material', 'tool'], { message: 'Choose materials or tools to count' }),
  /** A chosen set of the store's items; every live one of the kind when left out. */
  itemIds: z.array(IdSchema).min(1, 'Choose at least one item to count').max(COUNT_ITEMS_MAX).optional(),
});
export type CountCreateRequest = z.input<typeof CountCreateRequestSchema>;

export const COUNT_BATCHES_SUM = 'The batches counted must add up to the counted quantity.';
export const COUNT_BATCH_REPEATED = 'Each batch may be counted once.';
/** The most batches one counted line names. */
export const COUNT_BATCHES_MAX = 200;
/**
 * A counted quantity, with photos of what was found (kept with the line, and on the adjustment it
 * posts); for a material kept by batch, what was counted of each batch (a new one with its expiry),
 * adding up to the quantity. A batch in stock left out was counted as none.
 */
export const CountLineRequestSchema = z
  .object({
    counted: startingQuantitySchema('Counted quantity'),
    /** Another of the material's units the counted quantities (the total and each batch's) are in. */
    ...unitField,
    batches: z
      .array(
        z.object({ batch: BatchNameSchema, counted: startingQuantitySchema('Counted quantity'), expiresOn: CalendarDateSchema.optional() }),
      )
      .max(COUNT_BATCHES_MAX)
      .refine((batches) => new Set(batches.map((row) => row.batch)).size === batches.length, COUNT_BATCH_REPEATED)
      .optional(),
    ...attachmentsField,
  })
  .refine(
    // In thousandths, the most decimals a quantity carries: whole numbers, added exactly.
    (line) =>
      !line.batches || Math.round(line.counted * 1000) === line.batches.reduce((sum, row) => sum + Math.round(row.counted * 1000), 0),
    { message: COUNT_BATCHES_SUM, path: ['batches'] },
  );
export const CountLineParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });

export const CountPostRequestSchema = z.object({
  /** A reason for each non-zero difference, by item id. */
  reasons: z.record(z.string(), requiredText('Reason', TEXT_MAX)).default({}),
});
export type CountPostRequest = z.input<typeof CountPostRequestSchema>;

export const CountListQuerySchema = PageQuerySchema.extend({ storeId: IdSchema.optional() });

const PersonSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const CountLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** How many decimals its quantities take: the material's own, 0 for a tool. */
  decimals: z.number(),
  /** A material kept by batch, counted batch by batch. */
  tracksExpiry: z.boolean().optional(),
  counted: z.number().nullable(),
  /** The balance when the line was counted; null while hidden from a keeper counting blind. */
  expected: z.number().nullable(),
  difference: z.number().nullable(),
  countedAt: z.string().nullable(),
  countedBy: PersonSchema,
  /** Movements of the item recorded after it was counted, and their net effect on what is available. */
  movementsSince: z.number(),
  movedSince: z.number().nullable(),
  /** Why the difference was posted, once the count is posted. */
  reason: z.string().nullable(),
  /** Photos taken while counting the item, in the order they were added. */
  attachments: z.array(AttachmentSchema),
  /** Of a material kept by batch counted batch by batch: each batch's count and (unless blind) what it held. */
  batches: z
    .array(z.object({ batch: z.string(), expiresOn: z.string().nullable(), counted: z.number(), expected: z.number().nullable() }))
    .optional(),
});
export type CountLine = z.infer<typeof CountLineSchema>;

export const CountSummarySchema = z.object({
  _id: z.string(),
  store: StoreRefSchema,
  itemKind: z.enum(['material', 'tool']),
  status: z.enum(COUNT_STATUSES),
  createdAt: z.string(),
  createdBy: PersonSchema,
  submittedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: PersonSchema,
  lineCount: z.number(),
  countedCount: z.number(),
});
export type CountSummary = z.infer<typeof CountSummarySchema>;

export const CountSchema = CountSummarySchema.extend({
  /** Whether expected quantities are hidden from the caller (a keeper, while counting). */
  isBlind: z.boolean(),
  tolerancePercent: z.number(),
  /** Whether the caller may post it now (submitted, and an admin or every difference within tolerance). */
  canPost: z.boolean(),
  lines: z.array(CountLineSchema),
});
export type Count = z.infer<typeof CountSchema>;

export const CountListResponseSchema = z.object({ counts: z.array(CountSummarySchema), total: z.number() });
export type CountListResponse = z.infer<typeof CountListResponseSchema>;
export const CountResponseSchema = z.object({ message: z.string(), count: CountSchema });
export type CountResponse = z.infer<typeof CountResponseSchema>;
export const CountLineResponseSchema = z.object({ message: z.string(), line: CountLineSchema });

export const COUNT_NOT_FOUND = 'Count not found';
export const COUNT_ITEM_NOT_IN_COUNT = 'This item is not part of the count.';
export const COUNT_NOT_COUNTING = 'This count is no longer open for counting.';
export const COUNT_NOTHING_COUNTED = 'Enter at least one counted quantity before submitting.';
export const COUNT_NOT_SUBMITTED = 'Only a submitted count can be posted.';
export const COUNT_ALREADY_CLOSED = 'This count has already been posted or cancelled.';
export const COUNT_NO_ITEMS = 'There is nothing to count: the store has no such items.';
export const COUNT_ITEMS_NOT_IN_STORE = 'Some of the chosen items are not in this store.';
export const COUNT_BEYOND_TOLERANCE = "A difference is beyond this store's count tolerance: an admin posts this count.";
export function countItemBusy(name: string): string {
  return `${name} is already in an open count. Post or cancel that count first.`;
}
export { countReasonsMissing } from './messages';
export function countWouldGoNegative(name: string): string {
  return `${name} cannot be adjusted: so much has been issued since it was counted that its stock would go below zero. Count it again.`;
}
