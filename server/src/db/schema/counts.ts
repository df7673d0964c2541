import type { CountStatus } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import type { ItemKind } from './ledger';
import { quantity } from './quantity';
import { stores } from './stores';

/** A stock count of a store's materials or tools: counting → submitted → posted | cancelled. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    itemKind: text('item_kind').$type<ItemKind>().notNull(),
    status: text('status').$type<CountStatus>().notNull().default('counting'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_counts_item_kind_check', sql`${t.itemKind} in ('material', 'tool')`),
    check('stock_counts_status_check', sql`${t.status} in ('counting', 'submitted', 'posted', 'cancelled')`),
    index('stock_counts_store_created_idx').on(t.storeId, t.createdAt.desc()),
  ],
);

/**
 * One item of a count. `expected` is the item's available quantity at the moment `counted` was
 * entered, read under the item's row lock, so the difference posted later is counted − expected and
 * whatever moved after the count is neither lost nor counted twice.
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    itemId: uuid('item_id').notNull(),
    counted: quantity('counted'),
    expected: quantity('expected'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    countedBy: uuid('counted_by').references(() => users.id),
    /** True while the count is counting or submitted: an item is in one open count at most. */
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'stock_count_lines_pkey', columns: [t.countId, t.itemId] }),
    uniqueIndex('stock_count_lines_open_item_key').on(t.itemId).where(sql`${t.isOpen}`),
    check('stock_count_lines_counted_check', sql`${t.counted} is null or ${t.counted} >= 0`),
  ],
);

/**
 * A counted line of a material kept by batch, batch by batch: what was counted of each and what the
 * batch held when the line was entered (read under the material's row lock). A batch in stock that
 * the entry did not name was counted as none.
 */
export const stockCountLineBatches = pgTable(
  'stock_count_line_batches',
  {
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    itemId: uuid('item_id').notNull(),
    batch: text('batch').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    counted: quantity('counted').notNull(),
    expected: quantity('expected').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_count_line_batches_pkey', columns: [t.countId, t.itemId, t.batch] }),
    check('stock_count_line_batches_counted_check', sql`${t.counted} >= 0`),
  ],
);
