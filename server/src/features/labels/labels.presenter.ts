import type { ScanResponse } from '@stockyard/contract';
import type { LabelItemRow } from './labels.repository';

/** The item a scanned label names, as the picker takes it. */
export function presentScannedItem(row: LabelItemRow): ScanResponse {
  // A unit's label is found as its tool with the unit beside it.
  const scanned = {
    itemKind: row.item_kind === 'material' ? ('material' as const) : ('tool' as const),
    id: row.id,
    storeId: row.store_id,
    name: row.name,
  };
  return row.unit_id ? { ...scanned, unit: { _id: row.unit_id, serial: row.serial ?? '' } } : scanned;
}
