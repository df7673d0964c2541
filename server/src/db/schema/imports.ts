import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stores } from './stores';

/**
 * Each spreadsheet imported into a store, by the SHA-256 of its bytes: the same file a second time
 * is recognised (the unique key) and imports nothing.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    kind: text('kind').notNull(),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('imports_store_kind_file_key').on(t.storeId, t.kind, t.fileHash),
    check('imports_kind_check', sql`${t.kind} in ('materials', 'tools')`),
  ],
);
