import { z } from 'zod';
import { englishNumber, IdSchema, optionalText, PageQuerySchema, requiredText, StoreRefSchema, TEXT_MAX } from './common';
import { AttachmentSchema } from './files';
import {
  BatchNameSchema,
  CalendarDateSchema,
  proofFields,
  quantitySchema,
  startingQuantitySchema,
  unitField,
  VALID_QUANTITY_REQUIRED,
} from './ledger';
import { MoneySchema, UnitCostAnswerSchema, UnitCostSchema } from './money';

// Orders to suppliers, and what arrives against them.

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'closed_short', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/** The statuses in which goods may still arrive. */
export const RECEIVABLE_STATUSES = ['ordered', 'partially_received'] as const satisfies readonly PurchaseOrderStatus[];
/** At most this many lines in one order. */
export const ORDER_LINES_MAX = 500;
/** The longest batch label a return line takes. */
export const BATCH_MAX = 100;

/** "PO-000123" from an order's number. */
export function purchaseOrderNumber(number: number): string {
  return `PO-${String(number).padStart(6, '0')}`;
}

/** In the material's decimals, which the server checks. */
const orderedQuantity = quantitySchema(VALID_QUANTITY_REQUIRED);

export const PurchaseOrderCreateRequestSchema = z.object({
  supplierId: IdSchema,
  storeId: IdSchema,
  needBy: CalendarDateSchema.nullable().optional(),
  lines: z
    .array(
      z.object({
        materialId: IdSchema,
        quantity: orderedQuantity,
        /** Another of the material's units the quantity and cost are in: the supplier's pack, say. */
        ...unitField,
        /** Without one, the supplier's price-list cost (converted when the price list is in another unit). */
        unitCost: UnitCostSchema.optional(),
      }),
    )
    .min(1, 'Add at least one line.')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines in one order.`)
    .refine((lines) => new Set(lines.map((line) => line.materialId)).size === lines.length, 'Each material may appear once.'),
});
export type PurchaseOrderCreateRequest = z.input<typeof PurchaseOrderCreateRequestSchema>;

export const PurchaseOrderReasonRequestSchema = z.object({ reason: requiredText('Reason', TEXT_MAX) });
export type PurchaseOrderReasonRequest = z.input<typeof PurchaseOrderReasonRequestSchema>;

const receivedQuantity = startingQuantitySchema('Quantity');
export const PurchaseReceiptRequestSchema = z.object({
  receivedAt: CalendarDateSchema,
  deliveryNote: optionalText('Delivery note'),
  lines: z
    .array(
      z.object({
        lineId: IdSchema,
        received: receivedQuantity.default(0),
        damaged: receivedQuantity.default(0),
        /** Another of the material's units both quantities are in: the pallets the order was in, say. */
        ...unitField,
        /** For a material that tracks expiry: the batch that arrived and the day it expires. */
        batch: BatchNameSchema.optional(),
        expiresOn: CalendarDateSchema.optional(),
      }),
    )
    .min(1, 'Enter what arrived.')
    .max(ORDER_LINES_MAX)
    .refine((lines) => lines.some((line) => line.received + line.damaged > 0), 'Enter what arrived.')
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'Each line may appear once.'),
  /** Photos of what arrived (the delivery note, a split bag) and where: on every line the receipt writes. */
  ...proofFields,
});
export type PurchaseReceiptRequest = z.input<typeof PurchaseReceiptRequestSchema>;

export const PurchaseOrderListQuerySchema = PageQuerySchema.extend({
  storeId: IdSchema.optional(),
  supplierId: IdSchema.optional(),
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  /** `true`: only the orders goods may still arrive against (ordered or partially received). */
  receivable: z.enum(['true', 'false'], { message: 'receivable must be true or false' }).optional(),
});

export const PurchaseOrderLineSchema = z.object({
  _id: z.string(),
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** How many decimals its quantities take: the material's own, 0 for a tool. */
  decimals: z.number(),
  quantity: z.number(),
  unitCost: UnitCostAnswerSchema,
  /** What arrived whole, what arrived damaged, and what went back to the supplier. */
  received: z.number(),
  damaged: z.number(),
  returned: z.number(),
  /** Still to come: ordered less what arrived, whole or damaged; never below 0. */
  outstanding: z.number(),
  /** A line ordered in another unit: as ordered (its value is quantity × unit cost); `quantity` above is in stock units. */
  orderedIn: z.object({ unit: z.string(), factor: z.string(), quantity: z.number(), unitCost: UnitCostAnswerSchema }).nullable(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLineSchema>;

export const PurchaseOrderSchema = z.object({
  _id: z.string(),
  number: z.string().meta({ example: 'PO-000123' }),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: z.object({ _id: z.string(), name: z.string() }),
  store: StoreRefSchema,
  needBy: z.string().nullable(),
  createdAt: z.string(),
  orderedAt: z.string().nullable(),
  /** Why it was cancelled or closed short. */
  statusReason: z.string().nullable(),
  /** The lines' quantities at their costs. */
  total: MoneySchema,
  /** Its PDF emailed to the supplier once ordered (null: not emailed, e.g. the supplier has no email). */
  supplierMail: z.enum(['pending', 'sent', 'failed', 'skipped']).nullable(),
  lines: z.array(PurchaseOrderLineSchema),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;
export const PurchaseOrderResponseSchema = z.object({ message: z.string(), purchaseOrder: PurchaseOrderSchema });
export type PurchaseOrderResponse = z.infer<typeof PurchaseOrderResponseSchema>;
/** A receipt's answer: the order as it now stands, and the receipt this call recorded. */
export const PurchaseReceiptResponseSchema = PurchaseOrderResponseSchema.extend({ receiptId: z.string() });
export const PurchaseOrderListResponseSchema = z.object({ purchaseOrders: z.array(PurchaseOrderSchema), total: z.number() });
export type PurchaseOrderListResponse = z.infer<typeof PurchaseOrderListResponseSchema>;

/** One receipt against an order: what arrived on a day, line by line, who counted it, and the photos taken of it. */
export const PurchaseReceiptSchema = z.object({
  _id: z.string(),
  receivedAt: z.string(),
  deliveryNote: z.string().nullable(),
  receivedBy: z.string().nullable(),
  recordedAt: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      unit: z.string(),
      received: z.number(),
      damaged: z.number(),
      /** The delivery the line entered the store as: its note is `GET /api/supply/{deliveryId}/pdf`. */
      deliveryId: z.string(),
    }),
  ),
  /** The files on the lines it wrote, each once, in the order they were attached. */
  attachments: z.array(AttachmentSchema),
});
export type PurchaseReceipt = z.infer<typeof PurchaseReceiptSchema>;
/** An order's receipts, the first received first. */
export const PurchaseReceiptListResponseSchema = z.object({ receipts: z.array(PurchaseReceiptSchema) });
export type PurchaseReceiptListResponse = z.infer<typeof PurchaseReceiptListResponseSchema>;

export const PURCHASE_ORDER_SAVED = 'Purchase order saved.';
export const PURCHASE_ORDER_ORDERED = 'Purchase order sent to the supplier.';
export const PURCHASE_ORDER_CANCELLED = 'Purchase order cancelled.';
export const PURCHASE_ORDER_CLOSED = 'Purchase order closed.';
export const PURCHASE_RECEIPT_RECORDED = 'Goods received against the order.';
export const PURCHASE_ORDER_NOT_FOUND = 'Purchase order not found';
export const KEEPERS_MAY_NOT_ORDER = 'Only an admin may order from suppliers.';
export const ORDER_LINE_UNKNOWN = 'A line of the receipt is not on this order.';
export function orderMaterialsNotInStore(count: number): string {
  return count === 1 ? 'One material of the order is not in its store.' : `${count} materials of the order are not in its store.`;
}
export function orderMaterialUnpriced(name: string): string {
  return `${name} has no price from this supplier: enter its unit cost.`;
}
export function orderNotDraft(number: string): string {
  return `${number} has already been sent to the supplier.`;
}
export function orderNotReceivable(number: string): string {
  return `${number} is not open for receiving.`;
}
export function orderHasReceipts(number: string): string {
  return `${number} has goods received against it: close it instead.`;
}
export function orderNotClosable(number: string): string {
  return `${number} is not waiting for goods.`;
}
export function receiptPastTolerance(name: string, allowed: number): string {
  return `${name}: this receipt would take what arrived past ${englishNumber(allowed)}, the order's quantity and its tolerance.`;
}
export function deliveryFromOrder(number: string): string {
  return `This delivery was received against ${number}: correct it by a return to the supplier.`;
}

// Goods sent back to a supplier.

export const SupplierReturnRequestSchema = z.object({
  supplierId: IdSchema,
  storeId: IdSchema,
  /** The order the goods came on: its lines count what went back. */
  purchaseOrderId: IdSchema.nullable().optional(),
  reason: requiredText('Reason', TEXT_MAX),
  returnedOn: CalendarDateSchema.optional(),
  lines: z
    .array(
      z.object({
        materialId: IdSchema,
        quantity: orderedQuantity,
        ...unitField,
        /** The batch the goods came in, as written on them. */
        batch: optionalText('Batch', BATCH_MAX).optional(),
      }),
    )
    .min(1, 'Add at least one line.')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines in one return.`)
    .refine((lines) => new Set(lines.map((line) => line.materialId)).size === lines.length, 'Each material may appear once.'),
});
export type SupplierReturnRequest = z.input<typeof SupplierReturnRequestSchema>;

export const SupplierReturnSchema = z.object({
  _id: z.string(),
  supplier: z.object({ _id: z.string(), name: z.string() }),
  store: StoreRefSchema,
  purchaseOrder: z.object({ _id: z.string(), number: z.string() }).nullable(),
  reason: z.string(),
  returnedOn: z.string(),
  lines: z.array(
    z.object({
      materialId: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      batch: z.string().nullable(),
      value: MoneySchema,
    }),
  ),
  /** What left the store, at its average cost. */
  value: MoneySchema,
});
export type SupplierReturn = z.infer<typeof SupplierReturnSchema>;
export const SupplierReturnResponseSchema = z.object({ message: z.string(), supplierReturn: SupplierReturnSchema });
export type SupplierReturnResponse = z.infer<typeof SupplierReturnResponseSchema>;

export const SUPPLIER_RETURN_RECORDED = 'Return to the supplier recorded.';
export const SUPPLIER_RETURN_NOT_REVERSIBLE = 'A return to the supplier is not reversed: if the goods come back, record their delivery.';
export function returnBeyondStock(name: string, available: number): string {
  return `Not enough ${name} to return: only ${englishNumber(available)} available.`;
}
export function returnBeyondReceived(name: string, number: string, left: number): string {
  return `${name}: only ${englishNumber(left)} received on ${number} can still go back.`;
}
export function returnMaterialsNotOnOrder(count: number): string {
  return count === 1 ? 'One material of the return is not on the order.' : `${count} materials of the return are not on the order.`;
}
export function orderOfOtherSupplier(number: string): string {
  return `${number} is not an order of this supplier for this store.`;
}
export function returnMaterialsNotInStore(count: number): string {
  return count === 1 ? 'One material of the return is not in its store.' : `${count} materials of the return are not in its store.`;
}

// Ordering what is low from each material's preferred supplier.

export const OrderFromLowStockRequestSchema = z.object({ storeId: IdSchema });
export const NOT_ORDERED_REASONS = ['no_supplier', 'no_price'] as const;
export const OrderFromLowStockResponseSchema = z.object({
  message: z.string(),
  /** One draft per supplier. */
  purchaseOrders: z.array(PurchaseOrderSchema),
  /** Low materials left out: no preferred supplier, or none of its price list. */
  notOrdered: z.array(z.object({ materialId: z.string(), name: z.string(), reason: z.enum(NOT_ORDERED_REASONS) })),
});
export type OrderFromLowStockResponse = z.infer<typeof OrderFromLowStockResponseSchema>;
export const NOTHING_TO_ORDER = 'Nothing to order: what is low is already on order, or has no supplier with a price for it.';
export function ordersDrafted(count: number): string {
  return count === 1
    ? 'One draft order made: check it and send it to the supplier.'
    : `${count} draft orders made: check them and send them to the suppliers.`;
}
