import type { AuditEvent } from '@stockyard/contract';
import { sheetTimeIn } from '../../lib/calendar';
import type { CsvColumn } from '../../lib/csv-export';

export const AUDIT_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  ['When', (e, timeZone) => sheetTimeIn(e.at, timeZone)],
  ['Who', (e) => e.actor?.name ?? 'System'],
  ['Action', (e) => e.action],
  ['What', (e) => e.entityType],
  ['Name', (e) => e.entityName],
  ['Details', (e) => (Object.keys(e.details).length ? JSON.stringify(e.details) : '')],
];
