import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { materials } from './ledger';

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
    minQty: integer('min_qty').notNull(),
    targetQty: integer('target_qty').notNull(),
    packSize: integer('pack_size').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reorder_points_quantities', sql`${t.minQty} >= 0 and ${t.targetQty} > ${t.minQty} and ${t.packSize} >= 1`)],
);
