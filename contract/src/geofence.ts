import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './common';
import { CalendarDateSchema } from './ledger';
import { LocationSchema } from './location';
import { MOVEMENT_KINDS } from './movements';

export const GEOFENCE_INVALID = 'A geofence needs lat (-90 to 90), lon (-180 to 180) and radiusM (10 to 100000 metres).';
export const GEOFENCE_SAVED = 'Geofence saved.';
export const GEOFENCE_REMOVED = 'Geofence removed.';

/** The circle a store's movements are expected to be recorded in. */
export const GeofenceSchema = z.object(
  {
    lat: z.number({ message: GEOFENCE_INVALID }).min(-90, GEOFENCE_INVALID).max(90, GEOFENCE_INVALID),
    lon: z.number({ message: GEOFENCE_INVALID }).min(-180, GEOFENCE_INVALID).max(180, GEOFENCE_INVALID),
    radiusM: z.number({ message: GEOFENCE_INVALID }).int(GEOFENCE_INVALID).min(10, GEOFENCE_INVALID).max(100_000, GEOFENCE_INVALID),
  },
  { message: GEOFENCE_INVALID },
);
export type Geofence = z.infer<typeof GeofenceSchema>;
export const GeofenceResponseSchema = z.object({ message: z.string(), geofence: GeofenceSchema.nullable() });
export type GeofenceResponse = z.infer<typeof GeofenceResponseSchema>;

/** Strict: a parameter it does not know is a mistake worth a 400. */
export const ExceptionsQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  storeId: IdSchema.optional(),
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
export type ExceptionsQuery = z.input<typeof ExceptionsQuerySchema>;

/** A movement recorded outside its store's geofence: where, how far, and by whom. */
export const GeofenceExceptionSchema = z.object({
  movementId: z.string(),
  store: z.object({ _id: z.string(), name: z.string() }),
  item: z.object({ _id: z.string(), kind: z.enum(['material', 'tool']), name: z.string() }),
  kind: z.enum(MOVEMENT_KINDS),
  quantity: z.number(),
  occurredAt: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  location: LocationSchema,
  /** Metres from the fence's centre, and the fence's radius, when the movement was recorded. */
  distanceM: z.number(),
  radiusM: z.number(),
});
export type GeofenceException = z.infer<typeof GeofenceExceptionSchema>;
export const ExceptionsResponseSchema = z.object({ exceptions: z.array(GeofenceExceptionSchema), total: z.number() });
export type ExceptionsResponse = z.infer<typeof ExceptionsResponseSchema>;
