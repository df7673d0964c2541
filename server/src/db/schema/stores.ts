import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last day of closed books (in APP_TIMEZONE), and the first instant after it: nothing may happen before that instant. */
    lockedThrough: date('locked_through', { mode: 'string' }),
    lockedBefore: timestamp('locked_before', { withTimezone: true }),
    /** A keeper may post a count whose every difference is within this share of the expected quantity. */
    countTolerancePercent: integer('count_tolerance_percent').notNull().default(0),
    /** Every issue and damage here names a job and a cost code. */
    requireJob: boolean('require_job').notNull().default(false),
    /** The circle its movements are expected to be recorded in: a centre and a radius in metres, or none. */
    geofenceLat: numeric('geofence_lat', { precision: 9, scale: 6 }),
    geofenceLon: numeric('geofence_lon', { precision: 9, scale: 6 }),
    geofenceRadiusM: integer('geofence_radius_m'),
    /** A hand-over of tools to a worker, and their return, needs the worker's signature. */
    signatureOnHandover: boolean('signature_on_handover').notNull().default(false),
    /** A batch in stock is expiring once it expires within this many days: its keepers are told, the Expiring screen lists it. */
    expiryWarningDays: integer('expiry_warning_days').notNull().default(30),
  },
  (t) => [
    check(
      'stores_geofence_whole',
      sql`(${t.geofenceLat} is null) = (${t.geofenceLon} is null) and (${t.geofenceLat} is null) = (${t.geofenceRadiusM} is null)`,
    ),
    check('stores_count_tolerance_range', sql`${t.countTolerancePercent} between 0 and 100`),
    check('stores_expiry_warning_range', sql`${t.expiryWarningDays} between 0 and 365`),
    check('stores_lock_whole', sql`(${t.lockedThrough} is null) = (${t.lockedBefore} is null)`),
  ],
);
