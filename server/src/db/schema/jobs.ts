import { sql } from 'drizzle-orm';
import { boolean, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores';

/** A job (a site, a contract) that materials are issued to: its code is unique whatever its case. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    budget: numeric('budget', { precision: 20, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_code_key').on(sql`lower(${t.code})`)],
);

/** The stores a job draws from: only their keepers charge it, and see it. */
export const jobStores = pgTable(
  'job_stores',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
  },
  (t) => [primaryKey({ name: 'job_stores_pkey', columns: [t.jobId, t.storeId] })],
);

/** The company's one list of cost codes ("03 30 00 Cast-in-place concrete"); a code is unique whatever its case. */
export const costCodes = pgTable(
  'cost_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cost_codes_code_key').on(sql`lower(${t.code})`)],
);
