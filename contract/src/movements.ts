// The ledger's kinds of movement and what each does to an item's counters: plain data, no zod, so
// screens that only show movements load without the schemas.

/** Every kind of ledger movement. */
export const MOVEMENT_KINDS = [
  'opening',
  'purchase',
  'transfer_in',
  'issue',
  'damage',
  'return',
  'delivery',
  'adjustment',
  'checkout',
  'checkin',
  'damaged_return',
  'loss',
  'transfer_out',
  'store_transfer_in',
  'supplier_return',
  // Money only (quantity 0): a store's stock revalued, and the value of goods written off in transit.
  'revaluation',
  'transit_loss',
  // A serial tool's unit: held in service after a failed one and released by a passed one; retired for good.
  'service_hold',
  'service_release',
  'retirement',
  'damaged_retirement',
] as const;
/** The kinds of a tool in a worker's custody: recorded through its custody record, never reversed on their own. */
export const CUSTODY_KINDS: readonly MovementKind[] = ['checkout', 'checkin', 'damaged_return', 'loss'];
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** The kinds of goods moving between stores: recorded and corrected through their transfer. */
export const TRANSFER_KINDS: readonly MovementKind[] = ['transfer_out', 'store_transfer_in'];

export const ITEM_COUNTERS = [
  'total_quantity',
  'restocked_quantity',
  'transfer_quantity',
  'consumed_quantity',
  'damaged_quantity',
  'refund_quantity',
  'adjusted_quantity',
  'lost_quantity',
  'custody_quantity',
  'transferred_in_quantity',
  'transferred_out_quantity',
  'returned_to_supplier_quantity',
  'available_quantity',
  /** Units held for service after a failed one: in the store, not available. */
  'in_service_quantity',
] as const;
export type ItemCounter = (typeof ITEM_COUNTERS)[number];

/**
 * How each kind of movement moves an item's counters, per unit: the one definition that the ledger
 * statement, the reports and the ledger check are built from. `consumed` is net of returns: a return
 * takes back from consumed and adds to refunded.
 */
export const MOVEMENT_EFFECTS: Record<MovementKind, Partial<Record<ItemCounter, 1 | -1>>> = {
  opening: { total_quantity: 1, available_quantity: 1 },
  purchase: { restocked_quantity: 1, available_quantity: 1 },
  delivery: { restocked_quantity: 1, available_quantity: 1 },
  transfer_in: { transfer_quantity: 1, available_quantity: 1 },
  issue: { consumed_quantity: 1, available_quantity: -1 },
  damage: { damaged_quantity: 1, available_quantity: -1 },
  return: { consumed_quantity: -1, refund_quantity: 1, available_quantity: 1 },
  adjustment: { adjusted_quantity: 1, available_quantity: 1 },
  // A tool handed to a named worker: issued, and held in custody until it comes back.
  checkout: { consumed_quantity: 1, custody_quantity: 1, available_quantity: -1 },
  // Back from a worker: in good order (available again), damaged, or lost; each ends that much custody.
  checkin: { consumed_quantity: -1, custody_quantity: -1, refund_quantity: 1, available_quantity: 1 },
  damaged_return: { consumed_quantity: -1, custody_quantity: -1, damaged_quantity: 1 },
  loss: { consumed_quantity: -1, custody_quantity: -1, lost_quantity: 1 },
  // Between stores: dispatched from one (then in transit, in neither), received at the other.
  transfer_out: { transferred_out_quantity: 1, available_quantity: -1 },
  store_transfer_in: { transferred_in_quantity: 1, available_quantity: 1 },
  // Back to the supplier it came from, at the average cost.
  supplier_return: { returned_to_supplier_quantity: 1, available_quantity: -1 },
  revaluation: {},
  transit_loss: {},
  service_hold: { in_service_quantity: 1, available_quantity: -1 },
  service_release: { in_service_quantity: -1, available_quantity: 1 },
  // A unit taken out of the fleet: from the store, or after it came back damaged.
  retirement: { total_quantity: -1, available_quantity: -1 },
  damaged_retirement: { total_quantity: -1, damaged_quantity: -1 },
};

/** The kinds of a serial tool's service and retirement: recorded through the unit, never reversed. */
export const UNIT_KINDS: readonly MovementKind[] = ['service_hold', 'service_release', 'retirement', 'damaged_retirement'];

/** The kinds that move `counter` by `perUnit` per unit. */
export function kindsMoving(counter: ItemCounter, perUnit: 1 | -1 = 1): MovementKind[] {
  return MOVEMENT_KINDS.filter((kind) => MOVEMENT_EFFECTS[kind][counter] === perUnit);
}
