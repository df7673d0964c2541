import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { materials } from './ledger';
import { suppliers } from './suppliers';

/** What a supplier charges for a material, and the pack it sells it in. */
export const supplierPrices = pgTable(
  'supplier_prices',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull(),
    packSize: integer('pack_size'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'supplier_prices_pkey', columns: [t.supplierId, t.materialId] }),
    check('supplier_prices_cost_positive', sql`${t.unitCost} >= 0`),
    check('supplier_prices_pack_positive', sql`${t.packSize} > 0`),
  ],
);
