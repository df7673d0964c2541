import type { LowStockRow } from '@stockyard/contract';
import type { CsvColumn } from '../../lib/csv-export';

export const LOW_STOCK_COLUMNS: readonly CsvColumn<LowStockRow>[] = [
  ['Material', (r) => r.name],
  ['Unit', (r) => r.unit],
  ['Store', (r) => r.store.name],
  ['Available', (r) => r.available],
  ['In Transit', (r) => r.inTransit],
  ['Requested', (r) => r.requested],
  ['Minimum', (r) => r.minQty],
  ['Target', (r) => r.targetQty],
  ['Pack Size', (r) => r.packSize],
  ['On Order', (r) => r.onOrder],
  ['Suggested Order', (r) => r.suggested],
  ['Preferred Supplier', (r) => r.preferredSupplier?.name ?? ''],
];
