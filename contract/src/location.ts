import { z } from 'zod';

export const LOCATION_INVALID = 'A location needs lat (-90 to 90), lon (-180 to 180) and accuracyM (0 to 100000 metres).';

/** Where the phone was when a movement was recorded, as its location service gave it. */
export const LocationSchema = z.object(
  {
    lat: z.number({ message: LOCATION_INVALID }).min(-90, LOCATION_INVALID).max(90, LOCATION_INVALID),
    lon: z.number({ message: LOCATION_INVALID }).min(-180, LOCATION_INVALID).max(180, LOCATION_INVALID),
    accuracyM: z.number({ message: LOCATION_INVALID }).min(0, LOCATION_INVALID).max(100_000, LOCATION_INVALID),
  },
  { message: LOCATION_INVALID },
);
export type Location = z.infer<typeof LocationSchema>;

/** The `location` field of a call that records a movement: never required. */
export const locationField = { location: LocationSchema.optional() };
