import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Who created, changed or deleted users, stores, materials, tools and deliveries, and when. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    storeId: uuid('store_id'),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_entity_idx').on(t.entityType, t.at),
    index('audit_events_actor_idx').on(t.actorId, t.at),
  ],
);
