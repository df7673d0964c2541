import { z } from 'zod';
import { batchNotTracked, batchRequired } from './batches';
import {
  fieldAtMost,
  fieldNegative,
  fieldNotNumber,
  fieldWholeNumber,
  IdSchema,
  NAME_MAX,
  optionalText,
  PageQuerySchema,
  requiredText,
  StoreRefSchema,
  TEXT_MAX,
} from './common';
import { DECIMAL_TEXT, DECIMALS_MAX, decimalsOf, quantityDecimals } from './decimals';
import { AttachmentSchema, attachmentsField } from './files';
import { LocationSchema, locationField } from './location';
import { MOVEMENT_KIND_LABELS, REMARKS_ALREADY_ADDED } from './messages';
import { MoneySchema, UnitCostAnswerSchema, UnitCostSchema, withoutTrailingZeros } from './money';
import { MOVEMENT_KINDS } from './movements';

export const DATE_INVALID = 'Please enter a valid date (YYYY-MM-DD).';
/** A calendar day; a full ISO timestamp is accepted and cut to its date. */
export const CalendarDateSchema = z
  .string({ message: DATE_INVALID })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, DATE_INVALID)
  .transform((value) => value.slice(0, 10))
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    DATE_INVALID,
  );

/** A batch of a material that tracks expiry: its name as printed on the goods. */
export const BatchNameSchema = requiredText('Batch', 50);
/**
 * The batch a material's line moves (for one that tracks expiry), and for a line bringing in a new
 * batch the day it expires. Without a batch an outbound line takes the batches that expire first.
 */
export const batchFields = { batch: BatchNameSchema.optional(), expiresOn: CalendarDateSchema.optional() };

/** The most one movement may move: far above any real site, far below the counters' limits. */
export const QUANTITY_MAX = 1_000_000;

/** What a movement form says of a quantity that is not a whole number of at least 1. */
export const VALID_QUANTITY_REQUIRED = 'Please enter a valid quantity.';

export { DECIMALS_MAX, decimalsOf, quantityDecimals, quantityWhole } from './decimals';
export const DECIMALS_INVALID = `Decimals must be a whole number from 0 to ${DECIMALS_MAX}.`;
export const DecimalsSchema = z
  .number({ message: DECIMALS_INVALID })
  .int(DECIMALS_INVALID)
  .min(0, DECIMALS_INVALID)
  .max(DECIMALS_MAX, DECIMALS_INVALID);

/** A decimal quantity, sent as a number or a decimal string: its text when it is one, else null. */
function decimalText(value: unknown): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  return DECIMAL_TEXT.test(text) ? text : null;
}

/**
 * A material's quantity above 0 and up to QUANTITY_MAX, sent as a number or a decimal string and read
 * as a number. How many decimals it may carry is the material's own: the server checks that.
 */
export function quantitySchema(message: string) {
  return z
    .union([z.number(), z.string()], { message })
    .refine((value) => decimalText(value) !== null && Number(decimalText(value)) > 0, { message })
    .transform((value) => Number(decimalText(value)))
    .refine((value) => value <= QUANTITY_MAX, { message: fieldAtMost('Quantity', QUANTITY_MAX) });
}

/** A tool's quantity: a whole number of units from 1 to QUANTITY_MAX. */
export function wholeQuantitySchema(message: string) {
  return z
    .number({ message })
    .refine((value) => Number.isFinite(value) && Number.isInteger(value) && value >= 1, { message })
    .refine((value) => value <= QUANTITY_MAX, { message: fieldAtMost('Quantity', QUANTITY_MAX) });
}

/** A material's starting or counted quantity: from 0, a number or a decimal string. */
export function startingQuantitySchema(label: string) {
  return z
    .union([z.number(), z.string()], { message: fieldNotNumber(label) })
    .superRefine((value, context) => {
      const text = decimalText(value);
      const problem = String(value).trim().startsWith('-')
        ? fieldNegative(label)
        : (text === null ? Number(value) : Number(text)) > QUANTITY_MAX
          ? fieldAtMost(label, QUANTITY_MAX)
          : text === null
            ? fieldNotNumber(label)
            : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => Number(decimalText(value)));
}

/** A tool's starting quantity: a whole number from 0. */
export function wholeStartingQuantitySchema(label: string) {
  return z
    .number({ message: fieldWholeNumber(label) })
    .int(fieldWholeNumber(label))
    .min(0, fieldNegative(label))
    .max(QUANTITY_MAX, fieldAtMost(label, QUANTITY_MAX));
}

/** A material's decimals lowered below a quantity it has on record. */
export function decimalsInUse(material: string, quantity: string, decimals: number): string {
  return `${material} has a quantity of ${quantity} on record: its decimals cannot be lower than ${decimals}.`;
}

export const QUANTITY_INVALID = 'Quantity must be a whole number of at least 1';
export const NOT_ENOUGH_STOCK = 'Not enough stock available';
export const DAMAGE_EXCEEDS_AVAILABLE = 'Damage quantity exceeds available stock.';
export const MATERIAL_REFUND_EXCEEDS = 'Refund quantity exceeds consumed stock.';
export const MATERIAL_NOT_FOUND = 'Material not found';
export const TOOL_NOT_FOUND = 'Tool not found';
export function toolRefundExceeds(consumed: number): string {
  return `Refund quantity cannot exceed consumed quantity (${consumed}).`;
}

const optionalStoreId = IdSchema.optional();

// ---- Materials ----

export const MaterialCreateRequestSchema = z
  .object({
    name: requiredText('Material name'),
    categoryname: optionalText('Category', NAME_MAX),
    materialname: optionalText('Material', NAME_MAX).transform((value) => value || 'N/A'),
    size: optionalText('Size', NAME_MAX),
    unit: optionalText('Unit', NAME_MAX),
    totalQuantity: startingQuantitySchema('Quantity').default(0),
    /** How many decimals its quantities may carry. */
    decimals: DecimalsSchema.default(0),
    /** Kept per batch with an expiry date: then a starting quantity names its batch and expiry. */
    tracksExpiry: z.boolean({ message: 'Tracks expiry must be true or false.' }).default(false),
    ...batchFields,
    /** What each unit of the starting quantity cost; without one it is unvalued (0). */
    unitCost: UnitCostSchema.optional(),
    /** Required for an admin; a keeper's defaults to their active store. */
    storeId: optionalStoreId,
  })
  .superRefine((material, context) => {
    if (decimalsOf(material.totalQuantity) > material.decimals) {
      context.addIssue({ code: 'custom', path: ['totalQuantity'], message: quantityDecimals(material.name, material.decimals) });
    }
    const namesBatch = material.batch !== undefined || material.expiresOn !== undefined;
    if (!material.tracksExpiry && namesBatch) {
      context.addIssue({ code: 'custom', path: ['batch'], message: batchNotTracked(material.name) });
    }
    if (material.tracksExpiry && material.totalQuantity > 0 && (material.batch === undefined || material.expiresOn === undefined)) {
      context.addIssue({ code: 'custom', path: ['batch'], message: batchRequired(material.name) });
    }
  });
export type MaterialCreateRequest = z.input<typeof MaterialCreateRequestSchema>;

/** Only descriptive fields change in an edit; counters sent along are ignored. */
export const MaterialUpdateRequestSchema = z.object({
  name: requiredText('Material name').optional(),
  categoryname: optionalText('Category', NAME_MAX).optional(),
  materialname: optionalText('Material', NAME_MAX).optional(),
  size: optionalText('Size', NAME_MAX).optional(),
  unit: optionalText('Unit', NAME_MAX).optional(),
});
export type MaterialUpdateRequest = z.input<typeof MaterialUpdateRequestSchema>;

// ---- Units a material is counted in beside its stock unit ----

/** The most other units one material has. */
export const UNITS_MAX = 20;
export const UNIT_FACTOR_INVALID = 'A factor must be a number above 0 with at most 10 decimals.';
const FACTOR_TEXT = /^\d{1,10}(\.\d{1,10})?$/;
/** How many stock units make one of another unit: a number or a decimal string above 0, kept as its decimal text. */
export const UnitFactorSchema = z
  .union([z.number(), z.string()], { message: UNIT_FACTOR_INVALID })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => FACTOR_TEXT.test(text) && Number(text) > 0, UNIT_FACTOR_INVALID)
  .transform((text) => withoutTrailingZeros(text));
export const UNIT_NAME_REPEATED = 'Each unit may be named once.';
export const MaterialUnitsRequestSchema = z.object({
  units: z
    .array(z.object({ name: requiredText('Unit name', 50), factor: UnitFactorSchema }), { message: 'Units must be a list.' })
    .max(UNITS_MAX, `At most ${UNITS_MAX} units.`)
    .refine((units) => new Set(units.map((unit) => unit.name.toLowerCase())).size === units.length, UNIT_NAME_REPEATED),
});
export type MaterialUnitsRequest = z.input<typeof MaterialUnitsRequestSchema>;
/** Another unit of a material: `factor` stock units in one of it, as exact decimal text. */
export const MaterialUnitSchema = z.object({ name: z.string(), factor: z.string() });
export type MaterialUnit = z.infer<typeof MaterialUnitSchema>;
export const UNITS_SAVED = 'Units saved.';
export function unitIsStockUnit(unit: string): string {
  return `${unit} is the stock unit itself: name only the other units.`;
}
export function unitUnknown(material: string, unit: string): string {
  return `${material} has no unit ${unit}.`;
}
/** A quantity in another unit that does not land on the material's decimals: the nearest that do. */
export function unitQuantityOff(entered: string, stock: string, nearest: string): string {
  return `${entered} is ${stock}, more decimals than it takes. The nearest allowed: ${nearest}.`;
}
export const UNITS_CHANGED = 'The units of this material changed as this was recorded. Check the quantity and send it again.';

export const MATERIAL_SETTINGS_EMPTY = 'Send a setting to change.';
/** An admin's change of how a material is measured: its decimals, raised at will, lowered only to what its history uses. */
export const MaterialSettingsRequestSchema = z
  .object({ decimals: DecimalsSchema.optional(), tracksExpiry: z.boolean({ message: 'Tracks expiry must be true or false.' }).optional() })
  .refine((value) => value.decimals !== undefined || value.tracksExpiry !== undefined, MATERIAL_SETTINGS_EMPTY);
export type MaterialSettingsRequest = z.input<typeof MaterialSettingsRequestSchema>;

export const RemarksUpdateRequestSchema = z.object({ remarks: requiredText('Remarks', TEXT_MAX) });

/** Another unit of the material's that a movement's quantity (and unit cost) is in; its stock unit without one. */
export const unitField = { unit: requiredText('Unit', 50).optional() };
/** The quantity fields of the movement bodies, with their messages. */
const issuedQuantity = { quantity: quantitySchema(VALID_QUANTITY_REQUIRED), ...unitField };
const damagedQuantity = { damagedQuantity: quantitySchema('Please enter a valid damage quantity.'), ...unitField };
const refundQuantity = { refundQuantity: quantitySchema('Please enter a valid refund quantity.'), ...unitField };
/** A tool's movements move whole units. */
const toolQuantity = { quantity: wholeQuantitySchema(VALID_QUANTITY_REQUIRED) };
const toolDamagedQuantity = { damagedQuantity: wholeQuantitySchema('Please enter a valid damage quantity.') };
const toolRefundQuantity = { refundQuantity: wholeQuantitySchema('Please enter a valid refund quantity.') };

/** An issue or damage may be charged to a job and a cost code; a return may credit the job it comes back from. */
export const jobFields = { jobId: IdSchema.optional(), costCode: requiredText('Cost code', 50).optional() };
/** What a movement call may carry as proof of what happened: files, and where the phone was. */
export const proofFields = { ...attachmentsField, ...locationField };
export const DamageMaterialRequestSchema = z.object({
  productId: IdSchema,
  ...damagedQuantity,
  ...jobFields,
  batch: BatchNameSchema.optional(),
  ...proofFields,
});
export const RefundMaterialRequestSchema = z.object({
  productId: IdSchema,
  ...refundQuantity,
  jobId: IdSchema.optional(),
  batch: BatchNameSchema.optional(),
  ...proofFields,
});
export const ConsumeMaterialRequestSchema = z.object({
  productId: IdSchema,
  ...issuedQuantity,
  ...jobFields,
  batch: BatchNameSchema.optional(),
  ...proofFields,
});
/** Restock (new purchase) and transfer from the warehouse name the material within the store. */
export const NamedStockRequestSchema = z.object({
  name: requiredText('Material name'),
  ...issuedQuantity,
  /** What each unit cost; without one the units come in at the store's average. */
  unitCost: UnitCostSchema.optional(),
  storeId: optionalStoreId,
  ...batchFields,
  ...proofFields,
});
export type NamedStockRequest = z.input<typeof NamedStockRequestSchema>;

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  categoryname: z.string(),
  materialname: z.string(),
  size: z.string(),
  unit: z.string(),
  /** How many decimals its quantities may carry (0 to 3). */
  decimals: z.number(),
  /** The other units it may be counted in, smallest first. */
  units: z.array(MaterialUnitSchema),
  /** Kept per batch with an expiry date. */
  tracksExpiry: z.boolean(),
  /**
   * Present when a list asked for another unit (`?unit=`) and the material has it: its quantities
   * below are then in `unit`, that unit, and this is its stock unit.
   */
  stockUnit: z.string().optional(),
  totalQuantity: z.number(),
  restockedQuantity: z.number(),
  transferQuantity: z.number(),
  availableQuantity: z.number(),
  consumedQuantity: z.number(),
  damagedQuantity: z.number(),
  refundQuantity: z.number(),
  adjustedQuantity: z.number(),
  remarks: z.string().nullable(),
  /** The short code its label encodes. */
  code: z.string(),
  createdAt: z.string(),
  storeId: StoreRefSchema,
  /** What the available quantity is worth and its average cost per unit; absent for those who see no costs. */
  stockValue: MoneySchema.optional(),
  averageCost: UnitCostAnswerSchema.optional(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductMovementResponseSchema = z.object({ message: z.string(), product: ProductSchema });
export type ProductMovementResponse = z.infer<typeof ProductMovementResponseSchema>;

// ---- Tools ----

/** The most units one movement names. */
export const UNITS_PER_MOVEMENT_MAX = 200;
export const UNITS_REPEATED = 'The same unit is named twice.';

/** The units a movement of a serial tool moves. */
export const UnitIdsSchema = z
  .array(IdSchema, { message: 'Units must be a list of unit ids' })
  .min(1, 'Name at least one unit.')
  .max(UNITS_PER_MOVEMENT_MAX, `Name at most ${UNITS_PER_MOVEMENT_MAX} units at once.`)
  .refine((ids) => new Set(ids).size === ids.length, UNITS_REPEATED);

export const ToolCreateRequestSchema = z.object({
  name: requiredText('Tool name'),
  totalQuantity: wholeStartingQuantitySchema('Quantity').default(1),
  storeId: optionalStoreId,
  /** Counted as a quantity, or tracked unit by unit (then created with none: its units are added one by one). */
  tracking: z.enum(['count', 'serial'], { message: 'Tracking must be count or serial' }).default('count'),
});
export type ToolCreateRequest = z.input<typeof ToolCreateRequestSchema>;

/** A serial tool's movement names its units, as many as the quantity. */
const unitIds = { unitIds: UnitIdsSchema.optional() };
export const DamageToolRequestSchema = z.object({
  toolId: IdSchema,
  ...toolDamagedQuantity,
  damagedReason: optionalText('Damage reason', TEXT_MAX),
  ...unitIds,
  ...proofFields,
});
export const RefundToolRequestSchema = z.object({ toolId: IdSchema, ...toolRefundQuantity, ...unitIds, ...proofFields });
export const ConsumeToolRequestSchema = z.object({ toolId: IdSchema, ...toolQuantity, ...unitIds, ...proofFields });

export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  totalQuantity: z.number(),
  availableQuantity: z.number(),
  consumedQuantity: z.number(),
  damagedQuantity: z.number(),
  refundQuantity: z.number(),
  /** Lost by the workers they were handed to. */
  lostQuantity: z.number(),
  /** Of the issued quantity, what named workers hold now. */
  inCustodyQuantity: z.number(),
  /** Units held for service after a failed one: in the store, not available. */
  inServiceQuantity: z.number(),
  tracking: z.enum(['count', 'serial']),
  /** The qualification a worker must hold to be handed it. */
  requiresQualification: z.string().nullable(),
  storeId: StoreRefSchema,
  /** The short code its label encodes. */
  code: z.string(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof ToolSchema>;
export const ToolMovementResponseSchema = z.object({ message: z.string(), tool: ToolSchema });
export type ToolMovementResponse = z.infer<typeof ToolMovementResponseSchema>;

// ---- Deliveries (admin inventory entries and keeper supplies are one thing) ----

const deliveryFields = {
  productId: IdSchema,
  quantity: quantitySchema(VALID_QUANTITY_REQUIRED),
  ...unitField,
  supplier: requiredText('Supplier'),
  /** Per `unit` when one is given, else per stock unit. */
  unitCost: UnitCostSchema.optional(),
  /** For a material that tracks expiry: the batch that arrived and the day it expires. */
  ...batchFields,
  /** The delivery note and photos of what arrived, on the delivery's line (when it is recorded, not on a correction). */
  ...proofFields,
};
export const InventoryEntryRequestSchema = z.object({ ...deliveryFields, date: CalendarDateSchema });
export type InventoryEntryRequest = z.input<typeof InventoryEntryRequestSchema>;
/** A keeper dates a delivery at most OFFLINE_MAX_AGE_DAYS back; an admin may go further. */
export function keeperDayTooOld(days: number): string {
  return `A store keeper may date a delivery at most ${days} days back. Ask an admin to record an older one.`;
}
export const SupplyRequestSchema = z.object({ ...deliveryFields, dateReceived: CalendarDateSchema });
export type SupplyRequest = z.input<typeof SupplyRequestSchema>;

const ProductRefSchema = z.object({ _id: z.string(), name: z.string() }).nullable();
/** The batch a delivery of a material that tracks expiry brought, and its expiry; absent for any other. */
const deliveredBatchFields = { batch: z.string().optional(), expiresOn: z.string().nullable().optional() };
export const InventoryEntrySchema = z.object({
  _id: z.string(),
  productId: ProductRefSchema,
  quantity: z.number(),
  supplier: z.string(),
  date: z.string(),
  storeId: StoreRefSchema,
  /** The known supplier `supplier` names (its name, whatever its case), or null; absent from answers kept from before suppliers. */
  supplierId: z.string().nullable().optional(),
  /** The photos and documents on the lines it wrote, each once (on lists and answers; not in CSV exports). */
  attachments: z.array(AttachmentSchema).optional(),
  ...deliveredBatchFields,
});
export type InventoryEntry = z.infer<typeof InventoryEntrySchema>;
export const SupplySchema = z.object({
  _id: z.string(),
  productId: ProductRefSchema,
  quantity: z.number(),
  supplier: z.string(),
  dateReceived: z.string(),
  storeId: StoreRefSchema,
  /** The known supplier `supplier` names (its name, whatever its case), or null; absent from answers kept from before suppliers. */
  supplierId: z.string().nullable().optional(),
  /** The photos and documents on the lines it wrote, each once (on lists and answers; not in CSV exports). */
  attachments: z.array(AttachmentSchema).optional(),
  ...deliveredBatchFields,
});
export type Supply = z.infer<typeof SupplySchema>;

// ---- Stock views ----

/** A store's stock rows (/api/stock), a page at a time. */
export const StockQuerySchema = PageQuerySchema.extend({ storeId: IdSchema.optional() });

export const StockRowSchema = z.object({
  id: z.string(),
  Material: z.object({ name: z.string(), unit: z.string() }),
  Category: z.object({ name: z.string() }),
  Size: z.object({ value: z.string() }),
  quantity: z.number(),
  Store: z.object({ storeName: z.string() }),
  createdAt: z.string(),
});
export type StockRow = z.infer<typeof StockRowSchema>;

/**
 * Total Stock: everything available across the caller's stores (SPEC's one sum), and the same per unit,
 * which is the figure that means something when stores hold bags and tonnes.
 */
export const StockTotalSchema = z.object({
  totalAvailable: z.number(),
  materials: z.number(),
  byUnit: z.array(z.object({ unit: z.string(), totalAvailable: z.number(), materials: z.number() })),
});
export type StockTotal = z.infer<typeof StockTotalSchema>;

export const TrackSupplyStoreSchema = z.object({
  _id: z.string(),
  storeName: z.string(),
  location: z.string(),
  inventoryDetails: z.array(
    z.object({
      productName: z.string(),
      damageStock: z.number(),
      refundStock: z.number(),
      consumedStock: z.number(),
      totalQuantity: z.number(),
    }),
  ),
});
export type TrackSupplyStore = z.infer<typeof TrackSupplyStoreSchema>;

// ---- Ledger ----

export { MOVEMENT_KIND_LABELS, REMARKS_ALREADY_ADDED };

/** `after=`: read the ledger from the start; `after=<next>`: what was committed since that answer. */
export const MOVEMENT_CURSOR_START = '';
export const MOVEMENT_CURSOR_NOT_VALID = 'The cursor is not valid. Send the "next" of an earlier answer, or an empty one to start.';

export const MovementListQuerySchema = PageQuerySchema.extend({
  /**
   * Read the ledger in commit order from this cursor instead of newest first by date: each answer's
   * `next` is the cursor of the next call, and a movement committed late is never skipped.
   */
  after: z.string().trim().max(200).optional().meta({
    description: 'Commit-order cursor for integrations: empty for the start, then the previous answer’s `next`.',
  }),
  itemId: IdSchema.optional(),
  storeId: IdSchema.optional(),
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});

export const MovementSchema = z.object({
  _id: z.string(),
  storeId: StoreRefSchema,
  itemKind: z.enum(['material', 'tool']),
  itemId: z.string(),
  itemName: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  occurredAt: z.string(),
  recordedAt: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  supplier: z.string().nullable(),
  deliveryId: z.string().nullable(),
  /** The movement this one reverses, when it is a reversal. */
  reverses: z.string().nullable(),
  /** The reversal that undid this movement, when one did. */
  reversedBy: z
    .object({
      _id: z.string(),
      at: z.string(),
      actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  /** Whether the caller may reverse it now. */
  canReverse: z.boolean(),
  /** The worker a tool went to or came back from. */
  worker: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The job an issue or damage was charged to (or a return credited), and its cost code. */
  job: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  costCode: z.string().nullable(),
  /** A material line's cost per unit and signed value; absent for those who see no costs. */
  unitCost: UnitCostAnswerSchema.nullable().optional(),
  value: MoneySchema.optional(),
  /** Photos and documents attached to the line, in the order they were attached. */
  attachments: z.array(AttachmentSchema),
  /** Where the phone was, when it said; and whether that was outside the store's geofence. */
  location: LocationSchema.nullable(),
  outsideGeofence: z.boolean(),
  /**
   * A line entered in another unit of the material's ("2 pallet" of a line of 80 bag): the quantity
   * and unit as entered, and the cost per that unit (for those who see costs); null when entered in the stock unit.
   */
  entered: z.object({ quantity: z.number(), unit: z.string(), unitCost: UnitCostAnswerSchema.optional() }).nullable(),
  /** The batch a line of a material that tracks expiry moved, and the day it expires (none for UNBATCHED). */
  batch: z.object({ name: z.string(), expiresOn: z.string().nullable() }).nullable(),
});
export type Movement = z.infer<typeof MovementSchema>;
export const MovementListResponseSchema = z.object({
  movements: z.array(MovementSchema),
  /** Without `after`: every movement the filters match. With `after`: the movements in this answer. */
  total: z.number(),
  /** With `after`: the cursor to send next (the same one when nothing new was committed). */
  next: z.string().optional(),
});
export type MovementListResponse = z.infer<typeof MovementListResponseSchema>;

// ---- Reversals ----

/** How long a keeper may reverse a movement they recorded; an admin may reverse any. */
export const KEEPER_REVERSAL_HOURS = 24;
export const ReverseMovementRequestSchema = z.object({ reason: requiredText('Reason', TEXT_MAX), ...attachmentsField });
export type ReverseMovementRequest = z.input<typeof ReverseMovementRequestSchema>;
export const ReverseMovementResponseSchema = z.object({ message: z.string(), movement: MovementSchema });
export type ReverseMovementResponse = z.infer<typeof ReverseMovementResponseSchema>;
export const MOVEMENT_NOT_FOUND = 'Movement not found';
export const MOVEMENT_REVERSED = 'Movement reversed.';
export const ALREADY_REVERSED = 'This movement has already been reversed.';
export const REVERSAL_NOT_REVERSIBLE = 'A reversal cannot itself be reversed.';
export const DELIVERY_NOT_REVERSIBLE = 'A supplier delivery is corrected by editing or deleting the delivery.';
export const CUSTODY_NOT_REVERSIBLE = 'A tool handed to a worker is corrected through its custody record on the Tools out screen.';
export const TRANSFER_NOT_REVERSIBLE =
  'A transfer between stores is corrected on the transfer: cancel a draft, or record the receipt as it arrived.';
export const REVERSE_OWN_ONLY = 'You may reverse only movements you recorded yourself. Ask an admin to reverse this one.';
export const REVERSE_TOO_OLD = `A movement older than ${KEEPER_REVERSAL_HOURS} hours can only be reversed by an admin.`;
/** A reversal refused because what it would take back has moved on since. */
export function reversalWouldGoNegative(available: number, quantity: number): string {
  return `This movement cannot be reversed: it would take back ${quantity}, but only ${available} ${available === 1 ? 'is' : 'are'} available, the rest having been issued or damaged since.`;
}
export const REVERSAL_COUNTER_GONE = 'This movement cannot be reversed: what it recorded has since been returned or reversed in part.';

/** What each keeper material screen is told once its movement is recorded. */
export const MATERIAL_ISSUED = 'Stock issued successfully';
export const MATERIAL_DAMAGED = 'Damaged stock recorded successfully';
export const MATERIAL_RETURNED = 'Stock returned successfully';
export const MATERIAL_RESTOCKED = 'Material restocked successfully';
export const MATERIAL_TRANSFERRED = 'Stock transferred successfully';

/** What each keeper tool screen is told once its movement is recorded. */
export const TOOL_ISSUED = 'Tool issued successfully';
export const TOOL_DAMAGED = 'Tool damage recorded successfully';
export const TOOL_RETURNED = 'Tool returned successfully';
