import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { stockCounts } from './counts';
import { custody, workers } from './custody';
import { movementKeys } from './ledger';
import { stores } from './stores';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A file kept as proof, once per content: the same bytes uploaded twice are one file. Its bytes are
 * in `content`, or on disk under FILES_DIR by their hash when the server keeps files there.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content'),
    /** An image's thumbnail, as JPEG; none for a PDF. */
    thumb: bytea('thumb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_sha256_key').on(t.sha256),
    check('files_type_known', sql`${t.type} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
  ],
);

/** Who uploaded a file: until it is attached to a record, only they may fetch it. */
export const fileUploads = pgTable(
  'file_uploads',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId] })],
);

/**
 * A file attached to a ledger line, as part of it: added with the line or within a day by whoever
 * recorded it, never removed. The line's store is kept here, so who may see a file is read without
 * the ledger's monthly partitions.
 */
export const movementAttachments = pgTable(
  'movement_attachments',
  {
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movementKeys.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    /** The order the line shows its files in: as they were attached. */
    position: integer('position').notNull(),
    attachedBy: uuid('attached_by').references(() => users.id),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.movementId, t.fileId] }), index('movement_attachments_file_idx').on(t.fileId, t.storeId)],
);

/**
 * Where the phone was when a ledger line was recorded, as part of the line (never changed): and, when
 * its store had a geofence then, how far from the centre it was and whether that was outside the fence
 * (beyond the radius plus the location's accuracy).
 */
export const movementLocations = pgTable(
  'movement_locations',
  {
    movementId: uuid('movement_id')
      .primaryKey()
      .references(() => movementKeys.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    lat: numeric('lat', { precision: 9, scale: 6 }).notNull(),
    lon: numeric('lon', { precision: 9, scale: 6 }).notNull(),
    accuracyM: numeric('accuracy_m', { precision: 9, scale: 1 }).notNull(),
    distanceM: integer('distance_m'),
    radiusM: integer('radius_m'),
    outsideGeofence: boolean('outside_geofence').notNull(),
  },
  (t) => [index('movement_locations_outside_idx').on(t.storeId, t.occurredAt).where(sql`${t.outsideGeofence}`)],
);

/**
 * A worker's signature on a custody record: a PNG drawn on the phone at the hand-over or at a return,
 * kept with the worker's name as it was then, the line it signs for, who held the phone and when.
 */
export const custodySignatures = pgTable(
  'custody_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    custodyId: uuid('custody_id')
      .notNull()
      .references(() => custody.id),
    event: text('event').$type<'handover' | 'return'>().notNull(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movementKeys.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workers.id),
    workerName: text('worker_name').notNull(),
    signedBy: uuid('signed_by').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('custody_signatures_event_check', sql`${t.event} in ('handover', 'return')`),
    index('custody_signatures_custody_idx').on(t.custodyId, t.signedAt),
  ],
);

/**
 * A photo taken while counting an item (the shelf as it was found), kept with the count line and
 * never removed; the adjustment the line posts carries it too.
 */
export const countLineAttachments = pgTable(
  'count_line_attachments',
  {
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    itemId: uuid('item_id').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    /** The order the line shows its files in: as they were attached. */
    position: integer('position').notNull(),
    attachedBy: uuid('attached_by').references(() => users.id),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.countId, t.itemId, t.fileId] }), index('count_line_attachments_file_idx').on(t.fileId, t.storeId)],
);
