import { MOVEMENT_KIND_LABELS, type Movement } from '@stockyard/contract';
import { sheetTimeIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

/** The ledger as a spreadsheet: one line a movement, a reversal naming the movement it undoes. */
export const MOVEMENT_COLUMNS: readonly CsvColumn<Movement>[] = [
  ['When', (m, timeZone) => sheetTimeIn(m.occurredAt, timeZone)],
  ['Recorded', (m, timeZone) => sheetTimeIn(m.recordedAt, timeZone)],
  ['Store', (m) => m.storeId.name],
  ['Item', (m) => m.itemName],
  ['Kind of Item', (m) => m.itemKind],
  ['Movement', (m) => MOVEMENT_KIND_LABELS[m.kind]],
  ['Quantity', (m) => m.quantity],
  ['Unit Cost', (m) => m.unitCost],
  ['Value', (m) => m.value],
  ['By', (m) => m.actor?.name],
  ['Worker', (m) => m.worker?.name],
  ['Supplier', (m) => m.supplier],
  ['Reason', (m) => m.reason],
  ['Movement ID', (m) => m._id],
  ['Reverses', (m) => m.reverses],
  ['Reversed By', (m) => m.reversedBy?._id],
];
