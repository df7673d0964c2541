import { TRANSFER_STATUSES, type TransferStatus } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { type ItemKind, materials } from './ledger';
import { quantity } from './quantity';
import { stores } from './stores';

/**
 * A keeper's request to the warehouse for materials of their store: submitted, then approved (a
 * draft transfer is made), rejected or cancelled. Past approval its state is its transfer's.
 */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').notNull().default('submitted'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    transferId: uuid('transfer_id').references((): AnyPgColumn => transfers.id),
  },
  (t) => [
    check('stock_requests_status_check', sql`${t.status} in ('submitted', 'approved', 'rejected', 'cancelled')`),
    index('stock_requests_store_created_idx').on(t.storeId, t.createdAt.desc()),
    index('stock_requests_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** One material of a request. `is_open` until the request ends: one open line per material. */
export const stockRequestLines = pgTable(
  'stock_request_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => stockRequests.id),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    check('stock_request_lines_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('stock_request_lines_open_material_key').on(t.materialId).where(sql`${t.isOpen}`),
    index('stock_request_lines_request_idx').on(t.requestId),
  ],
);

/** Goods moving from one store to another: draft → dispatched → partially received → received (with discrepancy) | cancelled. */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromStoreId: uuid('from_store_id')
      .notNull()
      .references(() => stores.id),
    toStoreId: uuid('to_store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').$type<TransferStatus>().notNull().default('draft'),
    requestId: uuid('request_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedBy: uuid('dispatched_by').references(() => users.id),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
  },
  (t) => [
    check('transfers_status_check', sql.raw(`status in (${TRANSFER_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
    check('transfers_between_stores', sql`${t.fromStoreId} <> ${t.toStoreId}`),
    index('transfers_from_created_idx').on(t.fromStoreId, t.createdAt.desc()),
    index('transfers_to_created_idx').on(t.toStoreId, t.createdAt.desc()),
    index('transfers_status_idx').on(t.status),
  ],
);

/**
 * One item of a transfer. Sent at dispatch; `received + damaged + lost` grows with each receipt and
 * the write-off, never past `quantity`; what is left is in transit. `to_item_id` is the receiving
 * store's item of the same name (made at the first receipt when it has none); `counts_incoming` says
 * whether this line was added to that material's incoming quantity.
 */
export const transferLines = pgTable(
  'transfer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    itemKind: text('item_kind').$type<ItemKind>().notNull(),
    fromItemId: uuid('from_item_id').notNull(),
    toItemId: uuid('to_item_id'),
    name: text('name').notNull(),
    quantity: quantity('quantity').notNull(),
    received: quantity('received').notNull().default(0),
    damaged: quantity('damaged').notNull().default(0),
    lost: quantity('lost').notNull().default(0),
    countsIncoming: boolean('counts_incoming').notNull().default(false),
    /** A material line's value dispatched and not yet received or written off. */
    transitValue: numeric('transit_value', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    check('transfer_lines_item_kind_check', sql`${t.itemKind} in ('material', 'tool')`),
    check(
      'transfer_lines_quantities',
      sql`${t.quantity} > 0 and ${t.received} >= 0 and ${t.damaged} >= 0 and ${t.lost} >= 0 and ${t.received} + ${t.damaged} + ${t.lost} <= ${t.quantity}`,
    ),
    index('transfer_lines_transfer_idx').on(t.transferId),
    index('transfer_lines_to_item_idx').on(t.toItemId),
  ],
);
