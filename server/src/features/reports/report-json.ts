import { setImmediate as nextTurn } from 'node:timers/promises';
import { type ReportRow, reportTotals } from '@stockyard/contract';
import { presentReportRow, type ReportLine } from './reports.presenter';

const SLICE = 250;

/**
 * A report's JSON answer, written a slice of rows at a time with a turn of the event loop between
 * slices: a 10,000-row report is megabytes of JSON, and written in one go it would hold up every
 * keeper's movement on the process until it was done.
 */
export async function reportJson(lines: ReportLine[], shape: 'rows' | 'with-totals'): Promise<string> {
  const parts: string[] = [];
  const rows: ReportRow[] = [];
  for (let from = 0; from < lines.length; from += SLICE) {
    if (from > 0) await nextTurn();
    const slice = lines.slice(from, from + SLICE).map(presentReportRow);
    rows.push(...slice);
    parts.push(slice.map((row) => JSON.stringify(row)).join(','));
  }
  const data = `[${parts.join(',')}]`;
  return shape === 'rows' ? data : `{"data":${data},"totals":${JSON.stringify(reportTotals(rows))}}`;
}
