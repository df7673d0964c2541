import type { WebhookDeliveryStatus, WebhookEventType } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stores } from './stores';

/** An address the company's other systems listen on, and the events it is sent. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /** Signs every body (HMAC-SHA256); kept as it is, since signing needs it. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('webhooks_events_not_empty', sql`cardinality(${t.events}) > 0`)],
);

/**
 * What happened, written by a trigger in the transaction of the change it reports (migration 0040),
 * only while some enabled webhook takes its type. `seq` is the commit order of one item's events: the
 * change locks the item's row, so a later change of it takes a later number.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    storeId: uuid('store_id').references(() => stores.id),
    /** The material, tool, transfer, count or order the event is about: its events are sent in order. */
    itemKey: text('item_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_seq_idx').on(t.seq)],
);

/**
 * One event to one webhook: pending until the receiver answers 2xx (delivered) or a day of tries
 * has failed (failed). A pending delivery waits while an earlier one of the same item and webhook
 * is pending. `next_attempt_at` is pushed ahead while a process sends it, so no other does.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    itemKey: text('item_key').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its failures began: a day of them gives up and switches the webhook off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_item_order_idx').on(t.webhookId, t.itemKey, t.eventSeq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.eventSeq.desc()),
  ],
);

/** Every try of a delivery, as the deliveries page shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    /** The first 1,000 characters of the receiver's answer. */
    answer: text('answer'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
