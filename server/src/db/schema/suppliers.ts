import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A company the stores buy from; its name is unique whatever its case, so a delivery naming it links to it. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    leadTimeDays: integer('lead_time_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_name_key').on(sql`lower(${t.name})`),
    check('suppliers_lead_time_range', sql`${t.leadTimeDays} between 0 and 365`),
  ],
);
