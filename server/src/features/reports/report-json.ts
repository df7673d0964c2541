import { setImmediate as nextTurn } from 'node:timers/promises';
import { overallTotals, type ReportRow, reportTotalsByUnit } from '@stockyard/contract';
import { presentReportRow, type ReportLine } from './reports.presenter';

const SLICE = 250;
const COMMA = Buffer.from(',');

/**
 * Each line's row and JSON bytes, kept with the line: a report brought up to date keeps the lines
 * that did not change, so its answer writes out only the few that did.
 */
const written = new WeakMap<ReportLine, { row: ReportRow; bytes: Buffer }>();

function writtenLine(line: ReportLine) {
  let done = written.get(line);
  if (!done) {
    const row = presentReportRow(line);
    done = { row, bytes: Buffer.from(JSON.stringify(row)) };
    written.set(line, done);
  }
  return done;
}

/**
 * A report's JSON answer, as bytes: a 10,000-row report is megabytes, so its lines are written a
 * slice at a time with a turn of the event loop between slices (written in one go it would hold up
 * every keeper's movement on the process), and the bytes are kept, as sending a string would encode
 * it again for every ask.
 */
export async function reportJson(lines: ReportLine[], shape: 'rows' | 'with-totals'): Promise<Buffer> {
  const parts: Buffer[] = [Buffer.from(shape === 'rows' ? '[' : '{"data":[')];
  const rows: ReportRow[] = [];
  for (let from = 0; from < lines.length; from += SLICE) {
    if (from > 0) await nextTurn();
    for (const [at, line] of lines.slice(from, from + SLICE).entries()) {
      const { row, bytes } = writtenLine(line);
      if (from + at > 0) parts.push(COMMA);
      parts.push(bytes);
      rows.push(row);
    }
  }
  const totals = `"totals":${JSON.stringify(overallTotals(rows))},"totalsByUnit":${JSON.stringify(reportTotalsByUnit(rows))}`;
  parts.push(Buffer.from(shape === 'rows' ? ']' : `],${totals}}`));
  return Buffer.concat(parts);
}
