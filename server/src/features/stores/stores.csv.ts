import type { Store } from '@stockyard/contract';
import { todayIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

export const STORE_COLUMNS: readonly CsvColumn<Store>[] = [
  ['Name', (s) => s.name],
  ['Status', (s) => s.status],
  ['Location', (s) => s.location],
  ['Opening Hours', (s) => s.openingHours],
  ['Books Closed Through', (s) => s.lockedThrough],
  ['Count Tolerance %', (s) => s.countTolerancePercent],
  ['Date', (s, timeZone) => todayIn(timeZone, new Date(s.createdAt))],
];
