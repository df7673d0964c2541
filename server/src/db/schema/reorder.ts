import type { NoticeCode, NoticePart } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { materials } from './ledger';
import { quantity } from './quantity';
import { stores } from './stores';
import { suppliers } from './suppliers';

/**
 * A material's reorder point in its store: low when what it has (available, and later what is on its
 * way) is at or below `min_qty`; the suggested order brings it to `target_qty` in whole packs.
 */
export const reorderPoints = pgTable(
  'reorder_points',
  {
    materialId: uuid('material_id')
      .primaryKey()
      .references(() => materials.id),
    minQty: quantity('min_qty').notNull(),
    targetQty: quantity('target_qty').notNull(),
    packSize: integer('pack_size').notNull().default(1),
    /** The supplier the material is ordered from, if any. */
    preferredSupplierId: uuid('preferred_supplier_id').references(() => suppliers.id),
    /** Whether it was low after its last movement: a movement that makes it low notifies once per crossing. */
    isLow: boolean('is_low').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reorder_points_quantities', sql`${t.minQty} >= 0 and ${t.targetQty} > ${t.minQty} and ${t.packSize} >= 1`)],
);

/** What a user is told in the app (a bell in the top bar): today, a material of their store that went low. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    storeId: uuid('store_id').references(() => stores.id),
    materialId: uuid('material_id').references(() => materials.id),
    /** What it says, as a notice code and its parts, said in the reader's language when read. */
    code: text('code').$type<NoticeCode>(),
    params: jsonb('params').$type<NoticePart[]>().notNull().default([]),
    /** What older notifications said, written in English when they were made; null for those with a code. */
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Its email, when mail is set up: pending → sent | failed; retried with back-off. */
    mailState: text('mail_state').notNull().default('pending'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailNextAt: timestamp('mail_next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('notifications_said_check', sql`${t.code} is not null or ${t.text} is not null`),
    check('notifications_mail_state_check', sql`${t.mailState} in ('pending', 'sent', 'failed', 'skipped')`),
    index('notifications_mail_pending_idx').on(t.mailNextAt).where(sql`${t.mailState} = 'pending'`),
  ],
);
