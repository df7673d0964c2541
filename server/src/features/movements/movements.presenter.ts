import type { Attachment, Location, Movement } from '@stockyard/contract';
import { UNKNOWN_USER } from '@stockyard/contract';
import type { movements } from '../../db/schema';
import type { RowOf } from '../../db/sql';
import { seesCosts } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { moneyText, unitCostText } from '../../lib/money';
import { quantityOf } from '../../lib/quantities';

export type MovementRow = Omit<RowOf<typeof movements>, 'idempotency_key'> & {
  store_name: string;
  item_name: string | null;
  actor_name: string | null;
  reversed_by_id: string | null;
  reversed_at: string | Date | null;
  reversed_by_actor_id: string | null;
  reversed_by_actor_name: string | null;
  reversal_reason: string | null;
  worker_name: string | null;
  job_code: string | null;
  job_name: string | null;
  cost_code: string | null;
  batch_name: string | null;
  batch_expires_on: string | null;
  attachments: Attachment[];
  location: (Location & { outsideGeofence: boolean }) | null;
};

/** A ledger line as its reader may see it: its cost per unit and value only for those who see costs. */
export function presentMovement(row: MovementRow, canReverse: boolean, reader: Pick<AuthContext, 'role'>): Movement {
  const movement: Movement = {
    _id: row.id,
    storeId: { _id: row.store_id, name: row.store_name },
    itemKind: row.item_kind as Movement['itemKind'],
    itemId: row.item_id,
    itemName: row.item_name ?? 'Unknown item',
    kind: row.kind as Movement['kind'],
    quantity: quantityOf(row.quantity),
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? UNKNOWN_USER } : null,
    reason: row.reason,
    supplier: row.supplier,
    deliveryId: row.delivery_id,
    reverses: row.reverses_id,
    reversedBy: row.reversed_by_id
      ? {
          _id: row.reversed_by_id,
          at: new Date(row.reversed_at ?? 0).toISOString(),
          actor: row.reversed_by_actor_id ? { _id: row.reversed_by_actor_id, name: row.reversed_by_actor_name ?? UNKNOWN_USER } : null,
          reason: row.reversal_reason,
        }
      : null,
    canReverse,
    worker: row.worker_id ? { _id: row.worker_id, name: row.worker_name ?? 'Unknown worker' } : null,
    job: row.job_id ? { _id: row.job_id, code: row.job_code ?? '', name: row.job_name ?? '' } : null,
    costCode: row.cost_code,
    attachments: row.attachments,
    location: row.location ? { lat: row.location.lat, lon: row.location.lon, accuracyM: row.location.accuracyM } : null,
    outsideGeofence: row.location?.outsideGeofence ?? false,
    entered:
      row.entered_quantity === null || row.entered_unit === null
        ? null
        : { quantity: quantityOf(row.entered_quantity), unit: row.entered_unit },
    batch: row.batch_name === null ? null : { name: row.batch_name, expiresOn: row.batch_expires_on },
  };
  // Assigned rather than spread into a copy, as a history presents thousands of lines (see presentProduct).
  if (seesCosts(reader)) {
    movement.unitCost = row.unit_cost === null ? null : unitCostText(row.unit_cost);
    movement.value = moneyText(row.value);
    if (movement.entered && row.entered_unit_cost !== null) movement.entered.unitCost = unitCostText(row.entered_unit_cost);
  }
  return movement;
}
