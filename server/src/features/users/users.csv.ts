import type { User } from '@stockyard/contract';
import { todayIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

export const USER_COLUMNS: readonly CsvColumn<User>[] = [
  ['Name', (u) => u.name],
  ['Email', (u) => u.email],
  ['Role', (u) => u.role],
  ['Stores', (u) => u.stores.map((store) => store.name).join('; ')],
  ['Date', (u, timeZone) => todayIn(timeZone, new Date(u.createdAt))],
];
