import type { ScanResponse } from '@stockyard/contract';
import type { LabelItemRow } from './labels.repository';

/** The item a scanned label names, as the picker takes it. */
export function presentScannedItem(row: LabelItemRow): ScanResponse {
  return { itemKind: row.item_kind, id: row.id, storeId: row.store_id, name: row.name };
}
