import type { Movement } from '@stockyard/contract';
import type { movements } from '../../db/schema';
import type { RowOf } from '../../db/sql';

export type MovementRow = Omit<RowOf<typeof movements>, 'idempotency_key'> & {
  store_name: string;
  item_name: string | null;
  actor_name: string | null;
};

export function presentMovement(row: MovementRow): Movement {
  return {
    _id: row.id,
    storeId: { _id: row.store_id, name: row.store_name },
    itemKind: row.item_kind as Movement['itemKind'],
    itemId: row.item_id,
    itemName: row.item_name ?? 'Unknown item',
    kind: row.kind as Movement['kind'],
    quantity: row.quantity,
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    actor: row.actor_id ? { _id: row.actor_id, name: row.actor_name ?? 'Unknown user' } : null,
    reason: row.reason,
    supplier: row.supplier,
    deliveryId: row.delivery_id,
  };
}
