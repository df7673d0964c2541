import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tools } from './ledger';
import { stores } from './stores';

/** The people of a store that tools are handed to; most have no Stockyard login. */
export const workers = pgTable(
  'workers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    trade: text('trade').notNull().default(''),
    phone: text('phone').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workers_store_name_active_key').on(t.storeId, sql`lower(${t.name})`).where(sql`${t.isActive}`),
    index('workers_store_name_idx').on(t.storeId, sql`lower(${t.name})`),
  ],
);

/**
 * A quantity of one tool handed to one worker, until it is back. `outstanding` falls with each
 * return (good, damaged or lost) in a conditional UPDATE; the record closes at zero. The tool's
 * `custody_quantity` counter is the sum of its records' `outstanding`, moved in the same transactions.
 */
export const custody = pgTable(
  'custody',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    toolId: uuid('tool_id')
      .notNull()
      .references((): AnyPgColumn => tools.id),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workers.id),
    quantity: integer('quantity').notNull(),
    outstanding: integer('outstanding').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    issuedBy: uuid('issued_by').references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When it was first seen overdue with tools still out: its `custody.overdue` event is made once. */
    overdueNotedAt: timestamp('overdue_noted_at', { withTimezone: true }),
  },
  (t) => [
    check('custody_outstanding_range', sql`${t.outstanding} >= 0 and ${t.outstanding} <= ${t.quantity} and ${t.quantity} > 0`),
    check('custody_closed_when_back', sql`(${t.outstanding} = 0) = (${t.closedAt} is not null)`),
    // "Tools out" reads a store's open records by due date.
    index('custody_store_open_due_idx').on(t.storeId, t.dueAt).where(sql`${t.outstanding} > 0`),
    index('custody_worker_idx').on(t.workerId, t.issuedAt.desc()),
    index('custody_tool_idx').on(t.toolId, t.issuedAt.desc()),
  ],
);
