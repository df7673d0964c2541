import type { ReportRow } from '@stockyard/contract';
import type { materials } from '../../db/schema';
import type { RowOf } from '../../db/sql';
import { quantityOf } from '../../lib/quantities';

/** One material's line of a store report, as the report statement returns it (quantities as numeric text). */
export type ReportLine = Pick<RowOf<typeof materials>, 'id' | 'name' | 'category_name' | 'material_name' | 'size' | 'unit' | 'remarks'> & {
  store_name: string;
  opening: string;
  closing: string;
  purchases: string;
  transfers: string;
  transferred_in: string;
  transferred_out: string;
  returned_to_supplier: string;
  issued: string;
  returned: string;
  damaged: string;
  adjusted: string;
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
    previousQuantity: quantityOf(row.opening),
    restockedQuantity: quantityOf(row.purchases),
    transferQuantity: quantityOf(row.transfers),
    transferredInQuantity: quantityOf(row.transferred_in),
    transferredOutQuantity: quantityOf(row.transferred_out),
    returnedToSupplierQuantity: quantityOf(row.returned_to_supplier),
    // Issues inside the range, gross: with returns in their own column the row adds up as printed
    // and a month that returns last month's issue shows no negative use; the item lists' counter stays net of returns.
    consumedQuantity: quantityOf(row.issued),
    damagedQuantity: quantityOf(row.damaged),
    refundQuantity: quantityOf(row.returned),
    adjustmentQuantity: quantityOf(row.adjusted),
    currentAvailableQuantity: quantityOf(row.closing),
    openingValue: row.opening_value,
    valueIn: row.value_in,
    valueOut: row.value_out,
    closingValue: row.closing_value,
    restockDate: row.restock_day,
    remarks: row.remarks,
    storeName: row.store_name,
  };
}
