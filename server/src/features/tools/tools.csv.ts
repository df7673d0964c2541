import type { Tool } from '@stockyard/contract';
import type { CsvColumn } from '../../lib/csv-export';

/** The caller's tools as CSV, lost tools in a column of their own. */
export const TOOL_COLUMNS: readonly CsvColumn<Tool>[] = [
  ['Store', (t) => t.storeId.name],
  ['Name', (t) => t.name],
  ['Quantity', (t) => t.totalQuantity],
  ['Available Quantity', (t) => t.availableQuantity],
  ['Issued', (t) => t.consumedQuantity],
  ['With workers', (t) => t.inCustodyQuantity],
  ['Damaged', (t) => t.damagedQuantity],
  ['Return', (t) => t.refundQuantity],
  ['Lost', (t) => t.lostQuantity],
  ['Code', (t) => t.code],
];
