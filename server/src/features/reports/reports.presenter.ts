import type { ReportRow } from '@stockyard/contract';
import type { materials } from '../../db/schema';
import type { RowOf } from '../../db/sql';

/** One material's line of a store report, as the report statement returns it. */
export type ReportLine = Pick<RowOf<typeof materials>, 'id' | 'name' | 'category_name' | 'material_name' | 'size' | 'unit' | 'remarks'> & {
  store_name: string;
  opening: number;
  closing: number;
  purchases: number;
  transfers: number;
  transferred_in: number;
  transferred_out: number;
  returned_to_supplier: number;
  issued: number;
  returned: number;
  damaged: number;
  adjusted: number;
  opening_value: string;
  value_in: string;
  value_out: string;
  closing_value: string;
  restock_day: string | null;
};

export function presentReportRow(row: ReportLine): ReportRow {
  return {
    materialId: row.id,
    name: row.name,
    categoryname: row.category_name,
    materialname: row.material_name,
    materialName: row.material_name,
    size: row.size,
    unit: row.unit,
    previousQuantity: row.opening,
    restockedQuantity: row.purchases,
    transferQuantity: row.transfers,
    transferredInQuantity: row.transferred_in,
    transferredOutQuantity: row.transferred_out,
    returnedToSupplierQuantity: row.returned_to_supplier,
    // Issues inside the range, gross: with returns in their own column the row adds up as printed
    // and a month that returns last month's issue shows no negative use; the item lists' counter stays net of returns.
    consumedQuantity: row.issued,
    damagedQuantity: row.damaged,
    refundQuantity: row.returned,
    adjustmentQuantity: row.adjusted,
    currentAvailableQuantity: row.closing,
    openingValue: row.opening_value,
    valueIn: row.value_in,
    valueOut: row.value_out,
    closingValue: row.closing_value,
    restockDate: row.restock_day,
    remarks: row.remarks,
    storeName: row.store_name,
  };
}
