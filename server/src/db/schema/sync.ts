import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { purchaseOrders, purchaseReceipts } from './buying';
import { workers } from './custody';
import { type ItemKind, movementKeys } from './ledger';
import { quantity } from './quantity';
import { stores } from './stores';

/**
 * Every movement a phone sent through the sync call, once per (user, opId): applied (with its ledger
 * row, written in the same statement), or parked for a person to apply or discard. A replay of an
 * opId finds its row here and changes nothing. A receipt against a purchase order names its order and
 * keeps its lines instead of an item and a quantity.
 */
export const syncOps = pgTable(
  'sync_ops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    opId: uuid('op_id').notNull(),
    /** A hash of the op's content: the same opId with another content is refused. */
    fingerprint: text('fingerprint').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    kind: text('kind').notNull(),
    itemKind: text('item_kind').$type<ItemKind>(),
    itemId: uuid('item_id'),
    quantity: quantity('quantity').notNull(),
    /** A receipt's order, its day and delivery note and lines as sent, and the receipt once recorded. */
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
    receipt: jsonb('receipt').$type<{
      receivedAt: string;
      deliveryNote: string | null;
      lines: { lineId: string; received: number; damaged: number }[];
    }>(),
    receiptId: uuid('receipt_id').references(() => purchaseReceipts.id),
    reason: text('reason').notNull().default(''),
    /** An inbound op's cost per unit, as sent. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    /** The job an issue, damage or return names, and its cost code, as sent (an op naming no job that exists is parked). */
    jobId: uuid('job_id'),
    costCode: text('cost_code'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    /** A tool issue's worker and due time, as sent (the due time as the phone gave it: a day or an instant). */
    workerId: uuid('worker_id').references(() => workers.id),
    /** A serial tool's units the op names. */
    unitIds: uuid('unit_ids').array(),
    dueAt: text('due_at'),
    /** Where the phone was when the op was captured, as sent: a parked op applied later keeps it. */
    location: jsonb('location').$type<{ lat: number; lon: number; accuracyM: number }>(),
    /** A hand-over's signature (a file), as sent: a parked hand-over applied later keeps it. */
    signature: uuid('signature'),
    /** Of a material kept by batch: the batch the op names, and a new batch's expiry, as sent. */
    batch: text('batch'),
    expiresOn: date('expires_on', { mode: 'string' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** `applied` when sent, `parked` until a person applies (`applied`) or discards it (`discarded`). */
    state: text('state').notNull(),
    /** Why it was parked, as the sync answer gave it. */
    code: text('code'),
    message: text('message'),
    available: quantity('available'),
    movementId: uuid('movement_id').references(() => movementKeys.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    discardReason: text('discard_reason'),
  },
  (t) => [
    uniqueIndex('sync_ops_user_op_key').on(t.userId, t.opId),
    check('sync_ops_state_check', sql`${t.state} in ('applied', 'parked', 'discarded')`),
    check('sync_ops_applied_has_movement', sql`(${t.state} = 'applied') = (coalesce(${t.movementId}, ${t.receiptId}) is not null)`),
    check(
      'sync_ops_item_or_order',
      sql`case when ${t.kind} = 'po-receipt' then ${t.purchaseOrderId} is not null and ${t.receipt} is not null and ${t.itemId} is null
               else ${t.itemId} is not null and ${t.itemKind} is not null and ${t.purchaseOrderId} is null end`,
    ),
    // "Needs attention": a store's open parked ops.
    index('sync_ops_parked_store_idx').on(t.storeId, t.receivedAt).where(sql`${t.state} = 'parked'`),
  ],
);
