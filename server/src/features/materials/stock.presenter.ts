import type { StockRow, TrackSupplyStore } from '@stockyard/contract';
import type { materials, stores } from '../../db/schema';
import type { RowOf } from '../../db/sql';
import { quantityOf } from '../../lib/quantities';

export type StockRowRecord = Pick<
  RowOf<typeof materials>,
  'id' | 'name' | 'unit' | 'category_name' | 'size' | 'available_quantity' | 'created_at'
> & { store_name: string };

export type TrackSupplyRow = Pick<RowOf<typeof stores>, 'id' | 'name' | 'location'> & {
  details: TrackSupplyStore['inventoryDetails'] | null;
};

/** A stock row: the material's fields nested the way the stock screen reads them. */
export function presentStockRow(row: StockRowRecord): StockRow {
  return {
    id: row.id,
    Material: { name: row.name, unit: row.unit },
    Category: { name: row.category_name },
    Size: { value: row.size },
    quantity: quantityOf(row.available_quantity),
    Store: { storeName: row.store_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentTrackSupplyStore(row: TrackSupplyRow): TrackSupplyStore {
  return { _id: row.id, storeName: row.name, location: row.location, inventoryDetails: row.details ?? [] };
}
