import type { Location } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';

/** The mean radius of the Earth, in metres, for the great-circle distance. */
const EARTH_RADIUS_M = 6_371_000;

/** The great-circle distance in metres (haversine) between `l` (the line's location) and the centre of store `s`'s fence. */
const distanceFromFence = sql`${2 * EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians((l.lat - s.geofence_lat)::float8) / 2), 2)
    + cos(radians(s.geofence_lat::float8)) * cos(radians(l.lat::float8)) * power(sin(radians((l.lon - s.geofence_lon)::float8) / 2), 2))))`;

/**
 * The statement that keeps where lines were recorded, for a CTE of the ledger statement that logs them:
 * `source` yields (movement_id, store_id, occurred_at, lat, lon, accuracy_m) per line. Each row keeps the
 * distance from its store's geofence centre when the store has one, and whether that is beyond the
 * radius plus the location's accuracy; the fence is read in the same statement as the line.
 */
export function locationInsert(source: SQL): SQL {
  return sql`insert into movement_locations (movement_id, store_id, occurred_at, lat, lon, accuracy_m, distance_m, radius_m, outside_geofence)
    select l.movement_id, l.store_id, l.occurred_at, l.lat, l.lon, l.accuracy_m, f.distance_m, s.geofence_radius_m,
           coalesce(f.distance_m > s.geofence_radius_m + l.accuracy_m, false)
    from (${source}) as l(movement_id, store_id, occurred_at, lat, lon, accuracy_m)
    join stores s on s.id = l.store_id
    cross join lateral (select case when s.geofence_radius_m is null then null else round(${distanceFromFence})::int end as distance_m) f`;
}

/** A location as the columns of `locationInsert`'s source, or nulls. */
export function locationValues(location: Location | undefined | null): SQL {
  return sql`${location?.lat ?? null}::numeric, ${location?.lon ?? null}::numeric, ${location?.accuracyM ?? null}::numeric`;
}

/** A line's location as JSON ({lat, lon, accuracyM, outsideGeofence}), or null, for the history's statement. */
export function locationOf(movementId: SQL): SQL {
  return sql`(select json_build_object('lat', ml.lat::float8, 'lon', ml.lon::float8, 'accuracyM', ml.accuracy_m::float8,
                                       'outsideGeofence', ml.outside_geofence)
              from movement_locations ml where ml.movement_id = ${movementId})`;
}
