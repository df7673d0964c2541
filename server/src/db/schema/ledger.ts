import {
  ITEM_COUNTERS,
  type ItemCounter,
  kindsMoving,
  MOVEMENT_EFFECTS,
  MOVEMENT_KINDS,
  type MovementKind,
} from '@stockyard/contract/movements';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stockCounts } from './counts';
import { custody, workers } from './custody';
import { costCodes, jobs } from './jobs';
import { quantity } from './quantity';
import { stores } from './stores';
import { suppliers } from './suppliers';
import { transferLines } from './transfers';

/** PostgreSQL's 64-bit transaction id, read as text (it passes 2^53). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The counters every screen shows, kept on the item and moved only together with a ledger row.
 * A tool's are whole numbers: every call that moves a tool takes whole quantities.
 * `available = total + restocked + transfer + transferred in + adjusted − consumed − damaged − lost − transferred out
 *  − returned to supplier`
 * always holds (CHECK).
 */
function counterColumns() {
  return {
    totalQuantity: quantity('total_quantity').notNull().default(0),
    restockedQuantity: quantity('restocked_quantity').notNull().default(0),
    transferQuantity: quantity('transfer_quantity').notNull().default(0),
    consumedQuantity: quantity('consumed_quantity').notNull().default(0),
    damagedQuantity: quantity('damaged_quantity').notNull().default(0),
    refundQuantity: quantity('refund_quantity').notNull().default(0),
    adjustedQuantity: quantity('adjusted_quantity').notNull().default(0),
    lostQuantity: quantity('lost_quantity').notNull().default(0),
    /** Of the issued quantity, how much named workers hold (open custody records). */
    custodyQuantity: quantity('custody_quantity').notNull().default(0),
    /** Received from and dispatched to other stores (transfers). */
    transferredInQuantity: quantity('transferred_in_quantity').notNull().default(0),
    transferredOutQuantity: quantity('transferred_out_quantity').notNull().default(0),
    /** Sent back to suppliers. */
    returnedToSupplierQuantity: quantity('returned_to_supplier_quantity').notNull().default(0),
    availableQuantity: quantity('available_quantity').notNull().default(0),
    /** A serial tool's units held for service after a failed one: in the store, not available. */
    inServiceQuantity: quantity('in_service_quantity').notNull().default(0),
  };
}

function counterChecks(table: string) {
  return [
    check(
      `${table}_counters_non_negative`,
      sql.raw(
        'total_quantity >= 0 and restocked_quantity >= 0 and transfer_quantity >= 0 and consumed_quantity >= 0 and damaged_quantity >= 0 and refund_quantity >= 0 and lost_quantity >= 0 and custody_quantity >= 0 and transferred_in_quantity >= 0 and transferred_out_quantity >= 0 and returned_to_supplier_quantity >= 0 and available_quantity >= 0 and in_service_quantity >= 0',
      ),
    ),
    check(
      `${table}_available_balances`,
      sql.raw(
        'available_quantity = total_quantity + restocked_quantity + transfer_quantity + transferred_in_quantity + adjusted_quantity - consumed_quantity - damaged_quantity - lost_quantity - transferred_out_quantity - returned_to_supplier_quantity - in_service_quantity',
      ),
    ),
    // What workers hold is part of what is issued: a plain return cannot take back a tool a worker still has.
    check(`${table}_custody_within_issued`, sql.raw('custody_quantity <= consumed_quantity')),
  ];
}

/** Numbers the short codes printed on item labels: one sequence for materials and tools alike. */
export const itemCodeSeq = pgSequence('item_code_seq');

/** A label's short, stable code: M- or T- and the sequence's next number in hex ("M-1F4"). */
function labelCode(prefix: 'M' | 'T') {
  return text('code')
    .notNull()
    .default(sql.raw(`('${prefix}-' || upper(to_hex(nextval('item_code_seq'))))`));
}

export const materials = pgTable(
  'materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    categoryName: text('category_name').notNull().default(''),
    materialName: text('material_name').notNull().default('N/A'),
    size: text('size').notNull().default(''),
    unit: text('unit').notNull().default(''),
    remarks: text('remarks'),
    /** How many decimals its quantities may carry (0 to 3): raised at will, lowered only to what its history uses. */
    decimals: smallint('decimals').notNull().default(0),
    /**
     * Goes up by one with every change of its other units (material_units): a line entered in one of
     * them is recorded only if this is still what it was when its factor was read.
     */
    unitsVersion: integer('units_version').notNull().default(0),
    /** Kept per batch with an expiry date: every line that moves its stock names the batch it moves. */
    tracksExpiry: boolean('tracks_expiry').notNull().default(false),
    ...counterColumns(),
    /**
     * On its way from other stores: in transit, or in a draft transfer (an approved request). Not part
     * of the ledger's balance; it counts toward the reorder point, moved under the row's lock.
     */
    incomingQuantity: quantity('incoming_quantity').notNull().default(0),
    /**
     * What the available quantity is worth: the sum of the values of its ledger lines (all but
     * transit losses, which belong to no store). Zero whenever nothing is available.
     */
    stockValue: numeric('stock_value', { precision: 20, scale: 2 }).notNull().default('0'),
    /**
     * The average cost per unit of what is available (rounded to 4 decimals), kept by the movement
     * statement; while none is available, the average at which the last unit left.
     */
    averageCost: numeric('average_cost', { precision: 16, scale: 4 }).notNull().default('0'),
    /**
     * The value the latest movement moved, set by the same UPDATE that moves the counters, so the
     * ledger line takes the value computed under the row's lock.
     */
    lastMovementValue: numeric('last_movement_value', { precision: 20, scale: 2 }).notNull().default('0'),
    /**
     * Goes up by one with every change that can change a report line of this material (a movement,
     * an edit, a remark, archiving): the sum over a store's materials is where its reports stand.
     */
    changeVersion: integer('change_version').notNull().default(1),
    /** What the item's label encodes, for a scan to find it. */
    code: labelCode('M'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Restock and transfer name a material within a store, so a live name is unique there.
    uniqueIndex('materials_store_name_live_key').on(t.storeId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    // Lists page newest first: the index gives the order, so a page reads 50 rows, not the store.
    index('materials_store_created_idx').on(t.storeId, t.createdAt.desc(), t.id),
    // Substring search (ILIKE '%text%') over the searched fields; new entries go straight in (no
    // pending list that every search would read through until vacuum).
    index('materials_search_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || ${t.categoryName} || ' ' || ${t.materialName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    uniqueIndex('materials_code_key').on(t.code),
    ...counterChecks('materials'),
    check('materials_incoming_non_negative', sql`${t.incomingQuantity} >= 0`),
    check('materials_value_non_negative', sql`${t.stockValue} >= 0 and ${t.averageCost} >= 0`),
    check('materials_value_zero_when_empty', sql`${t.availableQuantity} > 0 or ${t.stockValue} = 0`),
    check('materials_decimals_range', sql`${t.decimals} between 0 and 3`),
    // Every line of a material fits its decimals, so what it has in stock does too.
    check(
      'materials_counters_fit_decimals',
      sql`${t.availableQuantity} = round(${t.availableQuantity}, ${t.decimals}) and ${t.totalQuantity} = round(${t.totalQuantity}, ${t.decimals})`,
    ),
  ],
);

/**
 * The units a material may be counted in beside its stock unit (`unit`): `factor` stock units make one
 * of it (a pallet of 40 bags, a kg of 0.04 bag). Names are unique per material, whatever their case.
 */
export const materialUnits = pgTable(
  'material_units',
  {
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    name: text('name').notNull(),
    factor: numeric('factor', { precision: 20, scale: 10 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'material_units_pkey', columns: [t.materialId, t.name] }),
    uniqueIndex('material_units_name_key').on(t.materialId, sql`lower(${t.name})`),
    check('material_units_factor_positive', sql`${t.factor} > 0`),
  ],
);

/**
 * What a material that tracks expiry holds of each batch, moved by the same statement as its counters:
 * while it tracks expiry, its batches' quantities sum to its available quantity.
 */
export const materialBatches = pgTable(
  'material_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    batch: text('batch').notNull(),
    /** None for the stock that was in hand when expiry tracking began (batch UNBATCHED). */
    expiresOn: date('expires_on', { mode: 'string' }),
    quantity: quantity('quantity').notNull().default(0),
    /** When its keepers were told it is expiring soon, and that it expired: once each. */
    expiringNotifiedAt: timestamp('expiring_notified_at', { withTimezone: true }),
    expiredNotifiedAt: timestamp('expired_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('material_batches_material_batch_key').on(t.materialId, t.batch),
    // The expiry check reads batches in stock by date, store by store.
    index('material_batches_expiry_idx').on(t.storeId, t.expiresOn).where(sql`${t.quantity} > 0`),
    check('material_batches_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    ...counterColumns(),
    /** Counted as a quantity, or tracked unit by unit (tool_units). Chosen at creation. */
    tracking: text('tracking').notNull().default('count'),
    /** The qualification a worker must hold to be handed it. */
    requiresQualification: text('requires_qualification'),
    code: labelCode('T'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tools_store_name_live_key').on(t.storeId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('tools_store_created_idx').on(t.storeId, t.createdAt.desc(), t.id),
    index('tools_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    uniqueIndex('tools_code_key').on(t.code),
    ...counterChecks('tools'),
    check('tools_tracking_check', sql`${t.tracking} in ('count', 'serial')`),
    check(
      'tools_counters_whole',
      sql`${t.availableQuantity} = trunc(${t.availableQuantity}) and ${t.totalQuantity} = trunc(${t.totalQuantity})`,
    ),
  ],
);

/**
 * Live materials and tools per store, kept by statement triggers on `materials` and `tools` in the
 * same transaction as the change (see database-objects.ts), so a list's "N rows" is one row read.
 * Derived data: not in backups, rebuilt by the triggers when a backup's items are loaded.
 */
export const itemCounts = pgTable(
  'item_counts',
  {
    storeId: uuid('store_id').notNull(),
    itemKind: text('item_kind').notNull(),
    live: integer('live').notNull(),
  },
  (t) => [
    primaryKey({ name: 'item_counts_pkey', columns: [t.storeId, t.itemKind] }),
    foreignKey({ name: 'item_counts_store_id_fkey', columns: [t.storeId], foreignColumns: [stores.id] }),
  ],
);

/** A supplier receipt. Its quantity is today's value; every change to it is also a ledger row. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    supplier: text('supplier').notNull(),
    /** The known supplier the free-text name is, when it is one. */
    supplierId: uuid('supplier_id').references(() => suppliers.id),
    dateReceived: date('date_received', { mode: 'string' }).notNull(),
    /** For a material that tracks expiry: the batch it brought and the day that batch expires. */
    batch: text('batch'),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [check('deliveries_quantity_positive', sql`${t.quantity} > 0`), index('deliveries_store_date_idx').on(t.storeId, t.dateReceived)],
);

export { ITEM_COUNTERS, type ItemCounter, kindsMoving, MOVEMENT_EFFECTS, MOVEMENT_KINDS, type MovementKind };
export const ITEM_KINDS = ['material', 'tool'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * The append-only ledger. Quantities are positive, except on `delivery` rows that correct an
 * earlier delivery, on `adjustment` rows, which carry a sign, and on reversals, which carry the
 * opposite of the movement they undo.
 */
export const movements = pgTable(
  'movements',
  {
    // Time-ordered (UUID version 7): a new movement's key lands at the end of the primary key's index,
    // on pages already in memory, however long the ledger grows.
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    itemKind: text('item_kind').$type<ItemKind>().notNull(),
    itemId: uuid('item_id').notNull(),
    kind: text('kind').$type<MovementKind>().notNull(),
    quantity: quantity('quantity').notNull(),
    /** A material line's cost per unit: as bought for an inbound line with a cost, else the average it moved at. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    /** What the line moved in money, signed like its effect on the store's value; 0 for tools. */
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
    /**
     * A line entered in another unit of the material's ("2 pallet"): the quantity, unit and cost per
     * that unit as entered; `quantity` and `unit_cost` are in the stock unit.
     */
    enteredQuantity: quantity('entered_quantity'),
    enteredUnit: text('entered_unit'),
    enteredUnitCost: numeric('entered_unit_cost', { precision: 16, scale: 4 }),
    /** The batch a line of a material that tracks expiry moved. */
    batchId: uuid('batch_id').references((): AnyPgColumn => materialBatches.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id),
    reason: text('reason'),
    supplier: text('supplier'),
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    idempotencyKey: text('idempotency_key'),
    /** The movement this one undoes: same kind, opposite quantity (the link is kept in `movement_keys`). */
    reversesId: uuid('reverses_id'),
    /** The stock count whose difference this adjustment posts. */
    countId: uuid('count_id').references(() => stockCounts.id),
    /** The worker a tool was handed to or came back from, and the custody record it belongs to. */
    workerId: uuid('worker_id').references(() => workers.id),
    custodyId: uuid('custody_id').references(() => custody.id),
    /** The job an issue or damage is charged to, or a return credits, and its cost code. */
    jobId: uuid('job_id').references(() => jobs.id),
    costCodeId: uuid('cost_code_id').references(() => costCodes.id),
    /** The transfer line this dispatch or receipt belongs to. */
    transferLineId: uuid('transfer_line_id').references((): AnyPgColumn => transferLines.id),
    /**
     * The transaction that wrote the row, for `GET /api/movements?after=`: once every transaction
     * older than the oldest one still running has ended, no row can appear below that point, so a
     * cursor that stays below it never skips a movement committed late. Rows from before 0022 have
     * none and read as 0.
     */
    txId: xid8('tx_id').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // Partitioned by month of `occurred_at` (db/movement-partitions.ts): every unique key holds the month.
    primaryKey({ name: 'movements_pkey', columns: [t.id, t.occurredAt] }),
    check('movements_item_kind_check', sql`${t.itemKind} in ('material', 'tool')`),
    check('movements_kind_check', sql.raw(`kind in (${MOVEMENT_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check(
      'movements_quantity_sign',
      sql`${t.quantity} > 0 or (${t.quantity} <> 0 and (${t.kind} in ('delivery', 'adjustment') or ${t.reversesId} is not null)) or (${t.quantity} = 0 and ${t.kind} in ('revaluation', 'transit_loss'))`,
    ),
    // What came back on a custody record, and how.
    index('movements_custody_idx').on(t.custodyId).where(sql`${t.custodyId} is not null`),
    index('movements_transfer_line_idx').on(t.transferLineId).where(sql`${t.transferLineId} is not null`),
    // The lines a supplier delivery wrote: its receipt and corrections, read for its note, lists and orders.
    index('movements_delivery_idx').on(t.deliveryId).where(sql`${t.deliveryId} is not null`),
    // Reports read opening, period and closing sums per item of a store over a date range.
    index('movements_store_item_time_idx').on(t.storeId, t.itemId, t.occurredAt),
    index('movements_item_time_idx').on(t.itemId, t.occurredAt),
    index('movements_feed_idx').on(sql`coalesce(${t.txId}, '0'::xid8)`, t.id),
  ],
);

/**
 * One row per movement, written by a trigger as the movement is (0044), for what must be unique across
 * the whole ledger while the partitioned table can only hold keys unique within a month: a movement's
 * id, which other tables refer to, and the one reversal a movement may have.
 */
export const movementKeys = pgTable(
  'movement_keys',
  {
    id: uuid('id').primaryKey(),
    /** Its movement's month partition, found without looking in each. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => movementKeys.id),
  },
  // A movement is reversed at most once: of two reversals at the same moment, one is refused here.
  (t) => [uniqueIndex('movement_keys_reverses_key').on(t.reversesId).where(sql`${t.reversesId} is not null`)],
);

/** The first answer to each (user, Idempotency-Key), so a repeated request changes nothing. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
