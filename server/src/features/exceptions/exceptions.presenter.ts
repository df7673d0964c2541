import type { GeofenceException, MovementKind } from '@stockyard/contract';
import { UNKNOWN_USER } from '@stockyard/contract';
import { quantityOf } from '../../lib/quantities';
import type { ExceptionRow } from './exceptions.repository';

export function presentException(row: ExceptionRow): GeofenceException {
  return {
    movementId: row.movement_id,
    store: { _id: row.store_id, name: row.store_name },
    item: { _id: row.item_id, kind: row.item_kind, name: row.item_name ?? 'Unknown item' },
    kind: row.kind as MovementKind,
    quantity: quantityOf(row.quantity),
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? UNKNOWN_USER } : null,
    location: { lat: row.lat, lon: row.lon, accuracyM: row.accuracy_m },
    distanceM: row.distance_m,
    radiusM: row.radius_m,
  };
}
