import { PURCHASE_ORDER_STATUSES } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { deliveries, materials, movementKeys } from './ledger';
import { quantity } from './quantity';
import { stores } from './stores';
import { suppliers } from './suppliers';

/** What a supplier charges for a material, and the pack it sells it in. */
export const supplierPrices = pgTable(
  'supplier_prices',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull(),
    packSize: integer('pack_size'),
    /** The unit the supplier sells in (one of the material's, kept with its factor): the cost is per it, the pack counts it. */
    packUnit: text('pack_unit'),
    packFactor: numeric('pack_factor', { precision: 20, scale: 10 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'supplier_prices_pkey', columns: [t.supplierId, t.materialId] }),
    check('supplier_prices_cost_positive', sql`${t.unitCost} >= 0`),
    check('supplier_prices_pack_positive', sql`${t.packSize} > 0`),
    check('supplier_prices_pack_unit', sql`(${t.packUnit} is null) = (${t.packFactor} is null) and ${t.packFactor} > 0`),
  ],
);

/** Numbers purchase orders: PO-000001, PO-000002, … */
export const purchaseOrderNumberSeq = pgSequence('purchase_order_number_seq');

/** An order to a supplier for one store. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().default(sql`nextval('purchase_order_number_seq')`),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').notNull().default('draft'),
    needBy: date('need_by', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** Why it was cancelled or closed short. */
    statusReason: text('status_reason'),
    /**
     * Its PDF emailed to the supplier once ordered, when mail is set up and the supplier has an email:
     * pending → sent | failed (retried with back-off) | skipped (still pending a day later).
     */
    mailState: text('mail_state'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailNextAt: timestamp('mail_next_at', { withTimezone: true }),
  },
  (t) => [
    check('purchase_orders_status_known', sql.raw(`status in (${PURCHASE_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('purchase_orders_mail_state_check', sql`${t.mailState} in ('pending', 'sent', 'failed', 'skipped')`),
    index('purchase_orders_mail_pending_idx').on(t.mailNextAt).where(sql`${t.mailState} = 'pending'`),
    uniqueIndex('purchase_orders_number_key').on(t.number),
    index('purchase_orders_store_status_idx').on(t.storeId, t.status),
    index('purchase_orders_supplier_idx').on(t.supplierId),
  ],
);

/**
 * A material ordered, at a cost per unit. What arrived whole and damaged counts against what was
 * ordered; what went back to the supplier is counted apart.
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    position: integer('position').notNull(),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    /** Per stock unit; for a line ordered in another unit, its cost per that unit over the unit's factor, to 4 decimals. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull(),
    /**
     * A line ordered in another of the material's units: that unit, its factor then, the quantity and
     * cost per it as ordered (which value the line exactly); `quantity` is in stock units.
     */
    orderUnit: text('order_unit'),
    orderFactor: numeric('order_factor', { precision: 20, scale: 10 }),
    orderQuantity: numeric('order_quantity', { precision: 20, scale: 3 }),
    orderUnitCost: numeric('order_unit_cost', { precision: 16, scale: 4 }),
    received: quantity('received').notNull().default(0),
    damaged: quantity('damaged').notNull().default(0),
    returned: quantity('returned').notNull().default(0),
  },
  (t) => [
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_cost_positive', sql`${t.unitCost} >= 0`),
    check(
      'purchase_order_lines_order_unit',
      sql`(${t.orderUnit} is null and ${t.orderFactor} is null and ${t.orderQuantity} is null and ${t.orderUnitCost} is null)
          or (${t.orderUnit} is not null and ${t.orderFactor} > 0 and ${t.orderQuantity} > 0 and ${t.orderUnitCost} >= 0)`,
    ),
    check('purchase_order_lines_counts_positive', sql`${t.received} >= 0 and ${t.damaged} >= 0 and ${t.returned} >= 0`),
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId, t.position),
    index('purchase_order_lines_material_idx').on(t.materialId),
  ],
);

/** What arrived against an order on one day, as the keeper counted it. */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    deliveryNote: text('delivery_note'),
    receivedBy: uuid('received_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_receipts_order_idx').on(t.purchaseOrderId)],
);

/** A receipt's count of one order line, and the delivery it entered the store as. */
export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id),
    purchaseOrderLineId: uuid('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id),
    received: quantity('received').notNull(),
    damaged: quantity('damaged').notNull(),
  },
  (t) => [
    primaryKey({ name: 'purchase_receipt_lines_pkey', columns: [t.receiptId, t.purchaseOrderLineId] }),
    check('purchase_receipt_lines_counts', sql`${t.received} >= 0 and ${t.damaged} >= 0 and ${t.received} + ${t.damaged} > 0`),
    uniqueIndex('purchase_receipt_lines_delivery_key').on(t.deliveryId),
    index('purchase_receipt_lines_line_idx').on(t.purchaseOrderLineId),
  ],
);

/** A supplier's invoice, entered by an admin and approved when its lines match (or with a reason). */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    number: text('number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    status: text('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    overrideReason: text('override_reason'),
  },
  (t) => [
    uniqueIndex('supplier_invoices_number_key').on(t.supplierId, sql`lower(${t.number})`),
    check('supplier_invoices_status_known', sql`${t.status} in ('open', 'approved')`),
    index('supplier_invoices_status_idx').on(t.status, t.invoiceDate),
  ],
);

/** What an invoice charges for an order line: a quantity at a price. */
export const supplierInvoiceLines = pgTable(
  'supplier_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => supplierInvoices.id),
    position: integer('position').notNull(),
    purchaseOrderLineId: uuid('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    quantity: quantity('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    /** How the line matched, and what could be charged of its order line, when its invoice was approved; an open invoice's lines are matched as they are read. */
    approvedMatch: text('approved_match'),
    approvedInvoiceable: quantity('approved_invoiceable'),
  },
  (t) => [
    check('supplier_invoice_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('supplier_invoice_lines_price_positive', sql`${t.unitPrice} >= 0`),
    index('supplier_invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('supplier_invoice_lines_order_line_idx').on(t.purchaseOrderLineId),
  ],
);

/** Goods sent back to a supplier from a store, perhaps against one of its orders. */
export const supplierReturns = pgTable(
  'supplier_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
    reason: text('reason').notNull(),
    returnedOn: date('returned_on', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supplier_returns_store_idx').on(t.storeId, t.returnedOn), index('supplier_returns_order_idx').on(t.purchaseOrderId)],
);

/** A material of a return, its ledger line, and the order line it counts against when there is one. */
export const supplierReturnLines = pgTable(
  'supplier_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => supplierReturns.id),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
    /** The batch the goods came in, as written on them, so the supplier can trace it. */
    batch: text('batch'),
    /** Its ledger line, which holds the value that left. */
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movementKeys.id),
  },
  (t) => [
    primaryKey({ name: 'supplier_return_lines_pkey', columns: [t.returnId, t.materialId] }),
    check('supplier_return_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('supplier_return_lines_order_line_idx').on(t.purchaseOrderLineId),
  ],
);
