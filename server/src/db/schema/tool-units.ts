import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { custody, workers } from './custody';
import { movementKeys, tools } from './ledger';
import { stores } from './stores';

/**
 * One machine of a tool tracked by serial number. Its state moves only with a ledger line of its
 * tool, in a conditional UPDATE from the state that line takes it from, so the tool's counters are
 * always the count of its units in each state.
 */
export const toolUnits = pgTable(
  'tool_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    serial: text('serial').notNull(),
    assetTag: text('asset_tag'),
    state: text('state').notNull().default('available'),
    /** The custody record it is out on, while a worker has it. */
    custodyId: uuid('custody_id').references(() => custody.id),
    /** What its own label encodes ("U-1F4"), from the items' sequence. */
    code: text('code').notNull().default(sql.raw(`('U-' || upper(to_hex(nextval('item_code_seq'))))`)),
    retiredReason: text('retired_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tool_units_state_check', sql`${t.state} in ('available', 'issued', 'custody', 'in_service', 'damaged', 'lost', 'retired')`),
    check('tool_units_custody_when_out', sql`(${t.state} = 'custody') = (${t.custodyId} is not null)`),
    uniqueIndex('tool_units_serial_key').on(t.toolId, sql`lower(${t.serial})`),
    uniqueIndex('tool_units_asset_tag_key').on(sql`lower(${t.assetTag})`).where(sql`${t.assetTag} is not null`),
    uniqueIndex('tool_units_code_key').on(t.code),
    index('tool_units_custody_idx').on(t.custodyId).where(sql`${t.custodyId} is not null`),
  ],
);

/** Which units each ledger line of a serial tool moved: its history, and the proof its counters hold. */
export const movementUnits = pgTable(
  'movement_units',
  {
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movementKeys.id),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => toolUnits.id),
  },
  (t) => [primaryKey({ name: 'movement_units_pkey', columns: [t.movementId, t.unitId] }), index('movement_units_unit_idx').on(t.unitId)],
);

/** A kind of service a tool needs every so many days, check-outs, or both, with what to check. */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    intervalDays: integer('interval_days'),
    intervalUses: integer('interval_uses'),
    checklist: jsonb('checklist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_plans_interval', sql`${t.intervalDays} > 0 or ${t.intervalUses} > 0`),
    uniqueIndex('service_plans_name_key').on(sql`lower(${t.name})`),
  ],
);

/** The plans a tool follows. */
export const toolServicePlans = pgTable(
  'tool_service_plans',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => servicePlans.id),
  },
  (t) => [primaryKey({ name: 'tool_service_plans_pkey', columns: [t.toolId, t.planId] })],
);

/**
 * Where each unit stands on each plan of its tool: next due day, check-outs left, the last result.
 * A check-out is refused while any of its plans is due, used up or failed.
 */
export const unitPlans = pgTable(
  'unit_plans',
  {
    unitId: uuid('unit_id')
      .notNull()
      .references(() => toolUnits.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => servicePlans.id),
    dueOn: date('due_on', { mode: 'string' }),
    usesLeft: integer('uses_left'),
    lastResult: text('last_result'),
    /** The due day its keepers were told of, so they are told once per due day. */
    notifiedDueOn: date('notified_due_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'unit_plans_pkey', columns: [t.unitId, t.planId] }),
    check('unit_plans_last_result_check', sql`${t.lastResult} in ('passed', 'failed')`),
    index('unit_plans_due_idx').on(t.dueOn),
  ],
);

/** A service done on a unit: what was checked, the result, who and when. Never changed. */
export const unitServices = pgTable(
  'unit_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => toolUnits.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => servicePlans.id),
    result: text('result').notNull(),
    checklist: jsonb('checklist').$type<{ item: string; ok: boolean }[]>().notNull(),
    notes: text('notes'),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    performedBy: uuid('performed_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('unit_services_result_check', sql`${t.result} in ('passed', 'failed')`),
    index('unit_services_unit_idx').on(t.unitId, t.performedAt.desc()),
  ],
);

/** A qualification a worker holds (a harness course, a licence), until a day or for good. */
export const workerQualifications = pgTable(
  'worker_qualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workers.id),
    name: text('name').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('worker_qualifications_worker_idx').on(t.workerId, sql`lower(${t.name})`)],
);
