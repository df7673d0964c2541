import type { Store } from '@stockyard/contract';
import type { stores } from '../../db/schema';

export type StoreRecord = typeof stores.$inferSelect;

export function presentStore(row: StoreRecord): Store {
  return {
    _id: row.id,
    name: row.name,
    storeName: row.name,
    location: row.location,
    openingHours: row.openingHours,
    isActive: row.isActive,
    status: row.isActive ? 'Active' : 'Inactive',
    createdAt: new Date(row.createdAt).toISOString(),
    lockedThrough: row.lockedThrough,
    countTolerancePercent: row.countTolerancePercent,
    requireJob: row.requireJob,
    signatureOnHandover: row.signatureOnHandover,
    expiryWarningDays: row.expiryWarningDays,
    geofence:
      row.geofenceLat === null || row.geofenceLon === null || row.geofenceRadiusM === null
        ? null
        : { lat: Number(row.geofenceLat), lon: Number(row.geofenceLon), radiusM: row.geofenceRadiusM },
  };
}
