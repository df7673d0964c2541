import type { Custody, Worker } from '@stockyard/contract';
import { sheetTimeIn, todayIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

/** Who holds which tools: one line a handover, open or closed. */
export const CUSTODY_COLUMNS: readonly CsvColumn<Custody>[] = [
  ['Tool', (c) => c.tool.name],
  ['Worker', (c) => c.worker.name],
  ['Trade', (c) => c.worker.trade],
  ['Store', (c) => c.store.name],
  ['Quantity', (c) => c.quantity],
  ['Outstanding', (c) => c.outstanding],
  ['Returned', (c) => c.returnedGood],
  ['Returned Damaged', (c) => c.returnedDamaged],
  ['Lost', (c) => c.lost],
  ['Issued', (c, timeZone) => sheetTimeIn(c.issuedAt, timeZone)],
  ['Issued By', (c) => c.issuedBy?.name],
  ['Due', (c, timeZone) => sheetTimeIn(c.dueAt, timeZone)],
  ['Days Overdue', (c) => c.daysOverdue],
  ['Status', (c) => c.status],
  ['Closed', (c, timeZone) => (c.closedAt ? sheetTimeIn(c.closedAt, timeZone) : '')],
];

export const WORKER_COLUMNS: readonly CsvColumn<Worker>[] = [
  ['Name', (w) => w.name],
  ['Trade', (w) => w.trade],
  ['Phone', (w) => w.phone],
  ['Store', (w) => w.store.name],
  ['Holds', (w) => w.holding],
  ['Status', (w) => (w.active ? 'Active' : 'Inactive')],
  ['Date', (w, timeZone) => todayIn(timeZone, new Date(w.createdAt))],
];
