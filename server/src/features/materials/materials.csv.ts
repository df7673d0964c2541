import type { Product } from '@stockyard/contract';
import { todayIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

/** A material list as a spreadsheet: what the screens show, every counter, and the label code. */
export const MATERIAL_COLUMNS: readonly CsvColumn<Product>[] = [
  ['Date', (p, timeZone) => todayIn(timeZone, new Date(p.createdAt))],
  ['Store', (p) => p.storeId.name],
  ['Code', (p) => p.code],
  ['Name', (p) => p.name],
  ['Category', (p) => p.categoryname],
  ['Material', (p) => p.materialname],
  ['Size', (p) => p.size],
  ['Unit', (p) => p.unit],
  ['Quantity', (p) => p.totalQuantity],
  ['Restocked', (p) => p.restockedQuantity],
  ['Transfer', (p) => p.transferQuantity],
  ['Available Quantity', (p) => p.availableQuantity],
  ['Consumed', (p) => p.consumedQuantity],
  ['Damaged', (p) => p.damagedQuantity],
  ['Return', (p) => p.refundQuantity],
  ['Adjusted', (p) => p.adjustedQuantity],
  ['Remarks', (p) => p.remarks],
];
