import type { ScanResponse } from '@stockyard/contract';
import type { LabelItemRow } from './labels.repository';

/** The item a scanned label names, as the picker takes it. */
export function presentScannedItem(row: LabelItemRow): ScanResponse {
  const scanned = { itemKind: row.item_kind, id: row.id, storeId: row.store_id, name: row.name };
  return row.unit_id ? { ...scanned, unit: { _id: row.unit_id, serial: row.serial ?? '' } } : scanned;
}
