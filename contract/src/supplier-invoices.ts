import { z } from 'zod';
import { IdSchema, optionalText, PageQuerySchema, requiredText, StoreRefSchema } from './common';
import { CalendarDateSchema, quantitySchema, VALID_QUANTITY_REQUIRED } from './ledger';
import { MoneySchema, UnitCostAnswerSchema } from './money';

// Suppliers' invoices, each line matched against its purchase order line: the price against the
// order's, the quantity against what arrived (less what went back and what approved invoices charged).

export const INVOICE_STATUSES = ['open', 'approved'] as const;
export const INVOICE_LINE_MATCHES = ['matched', 'price_variance', 'quantity_variance', 'awaiting_receipt'] as const;
export type InvoiceLineMatch = (typeof INVOICE_LINE_MATCHES)[number];
export const INVOICE_LINES_MAX = 500;

const AMOUNT_TEXT = /^\d{1,13}(\.\d{1,2})?$/;
export const INVOICE_TOTAL_INVALID = 'Total must be an amount of 0 or more with at most 2 decimals.';
export const INVOICE_PRICE_INVALID = 'Unit price must be an amount of 0 or more with at most 4 decimals.';
const UNIT_PRICE_TEXT = /^\d{1,7}(\.\d{1,4})?$/;
const decimalText = (pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.number()], { message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => pattern.test(text), message);

export const SupplierInvoiceCreateRequestSchema = z.object({
  supplierId: IdSchema,
  number: requiredText('Invoice number', 100),
  date: CalendarDateSchema,
  lines: z
    .array(
      z.object({
        purchaseOrderLineId: IdSchema,
        quantity: quantitySchema(VALID_QUANTITY_REQUIRED),
        unitPrice: decimalText(UNIT_PRICE_TEXT, INVOICE_PRICE_INVALID),
      }),
    )
    .min(1, 'Add at least one line.')
    .max(INVOICE_LINES_MAX, `At most ${INVOICE_LINES_MAX} lines in one invoice.`)
    .refine((lines) => new Set(lines.map((line) => line.purchaseOrderLineId)).size === lines.length, 'Each order line may appear once.'),
  total: decimalText(AMOUNT_TEXT, INVOICE_TOTAL_INVALID),
});
export type SupplierInvoiceCreateRequest = z.input<typeof SupplierInvoiceCreateRequestSchema>;

/** Approving an invoice whose lines do not all match takes an admin's reason. */
export const SupplierInvoiceApproveRequestSchema = z.object({ reason: optionalText('Reason') });
export type SupplierInvoiceApproveRequest = z.input<typeof SupplierInvoiceApproveRequestSchema>;

export const SupplierInvoiceListQuerySchema = PageQuerySchema.extend({
  supplierId: IdSchema.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
});

export const SupplierInvoiceLineSchema = z.object({
  _id: z.string(),
  purchaseOrderLineId: z.string(),
  purchaseOrder: z.object({ _id: z.string(), number: z.string() }),
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: UnitCostAnswerSchema,
  amount: MoneySchema,
  /** The order line's cost, and what may still be charged of it: received less returned less approved invoices' quantities. */
  orderedUnitCost: UnitCostAnswerSchema,
  invoiceable: z.number(),
  match: z.enum(INVOICE_LINE_MATCHES),
});
export type SupplierInvoiceLine = z.infer<typeof SupplierInvoiceLineSchema>;

export const SupplierInvoiceSchema = z.object({
  _id: z.string(),
  supplier: z.object({ _id: z.string(), name: z.string() }),
  number: z.string(),
  date: z.string(),
  total: MoneySchema,
  status: z.enum(INVOICE_STATUSES),
  /** Whether every line matches; an approved invoice keeps the answer it was approved with. */
  matched: z.boolean(),
  approvedAt: z.string().nullable(),
  /** Why it was approved with lines that did not match. */
  overrideReason: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(SupplierInvoiceLineSchema),
});
export type SupplierInvoice = z.infer<typeof SupplierInvoiceSchema>;
export const SupplierInvoiceResponseSchema = z.object({ message: z.string(), invoice: SupplierInvoiceSchema });
export const SupplierInvoiceListResponseSchema = z.object({ invoices: z.array(SupplierInvoiceSchema), total: z.number() });
export type SupplierInvoiceListResponse = z.infer<typeof SupplierInvoiceListResponseSchema>;

export const ReceivedNotInvoicedQuerySchema = z.object({ asOf: CalendarDateSchema.optional(), storeId: IdSchema.optional() }).strict();
export const ReceivedNotInvoicedRowSchema = z.object({
  purchaseOrder: z.object({ _id: z.string(), number: z.string() }),
  supplier: z.object({ _id: z.string(), name: z.string() }),
  store: StoreRefSchema,
  purchaseOrderLineId: z.string(),
  materialId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Arrived whole by the day, less what went back to the supplier. */
  received: z.number(),
  /** Charged by invoices approved by the day. */
  invoiced: z.number(),
  notInvoiced: z.number(),
  unitCost: UnitCostAnswerSchema,
  value: MoneySchema,
});
export const ReceivedNotInvoicedResponseSchema = z.object({
  asOf: z.string(),
  rows: z.array(ReceivedNotInvoicedRowSchema),
  total: MoneySchema,
});
export type ReceivedNotInvoicedResponse = z.infer<typeof ReceivedNotInvoicedResponseSchema>;

export const SUPPLIER_INVOICE_SAVED = 'Invoice saved.';
export const SUPPLIER_INVOICE_APPROVED = 'Invoice approved.';
export const SUPPLIER_INVOICE_NOT_FOUND = 'Invoice not found';
export const INVOICE_ALREADY_APPROVED = 'This invoice has already been approved.';
export function invoiceTotalOff(total: string, sum: string): string {
  return `The invoice total ${total} is not the sum of its lines, ${sum}.`;
}
export function invoiceNumberTaken(number: string, supplier: string): string {
  return `Invoice ${number} from ${supplier} has already been entered.`;
}
export function invoiceLinesNotOrdered(count: number): string {
  return count === 1
    ? 'One line of the invoice is not on an order sent to this supplier.'
    : `${count} lines of the invoice are not on orders sent to this supplier.`;
}
export function invoiceLinesUnmatched(lines: string): string {
  return `These lines do not match: ${lines}. Resolve them, or approve with a reason.`;
}
