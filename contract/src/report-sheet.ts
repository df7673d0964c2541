import { subtractMoney, sumMoney } from './amounts';
import { ddmmyyyy, numberOrZero, textOrNA } from './cells';
import type { ReportRow } from './reports';

export { ddmmyyyy, numberOrZero, textOrNA };

/**
 * The report's columns: the 14 of the base report, with transfers from and to other stores beside
 * them, the signed Adjustments of stock counts before Closing Qty, and the stock's values after it;
 * shared by the screen, the PDF and the CSV.
 */
export const REPORT_COLUMNS = [
  'Date',
  'Product',
  'Category',
  'Material',
  'Size',
  'Unit',
  'Total Qty',
  'Purchases',
  'Transfer from Warehouse',
  'Transfer from Stores',
  'Consumed',
  'Damages/Wastage',
  'Return',
  'Transfer to Stores',
  'Returned to Supplier',
  'Adjustments',
  'Closing Qty',
  'Opening Value',
  'Value In',
  'Value Out',
  'Closing Value',
  'Remarks',
] as const;

/** The quantity fields in column order (columns 7 to 17). */
export const REPORT_QUANTITY_FIELDS = [
  'previousQuantity',
  'restockedQuantity',
  'transferQuantity',
  'transferredInQuantity',
  'consumedQuantity',
  'damagedQuantity',
  'refundQuantity',
  'transferredOutQuantity',
  'returnedToSupplierQuantity',
  'adjustmentQuantity',
  'currentAvailableQuantity',
] as const;

/**
 * The columns a reversal of an earlier period's movement can make negative: a reversal counts in
 * the column of the movement it undoes, with the opposite sign, in the period it is recorded.
 */
export const REVERSIBLE_QUANTITY_FIELDS: readonly (typeof REPORT_QUANTITY_FIELDS)[number][] = [
  'restockedQuantity',
  'transferQuantity',
  'consumedQuantity',
  'damagedQuantity',
  'refundQuantity',
];

/** The value fields in column order (after Closing Qty): amounts with 2 decimals. */
export const REPORT_VALUE_FIELDS = ['openingValue', 'valueIn', 'valueOut', 'closingValue'] as const;

export type ReportQuantities = Record<(typeof REPORT_QUANTITY_FIELDS)[number], number>;
export type ReportValues = Record<(typeof REPORT_VALUE_FIELDS)[number], string>;
export type ReportTotals = ReportQuantities & ReportValues;

/** Index of the first quantity column: the columns from here to the one before Remarks are numbers. */
export const FIRST_QUANTITY_COLUMN = 6;

/** One report row as the cells of the report: N/A for missing text, 0 for missing numbers. */
export function reportCells(row: ReportRow): (string | number)[] {
  return [
    ddmmyyyy(row.restockDate),
    textOrNA(row.name),
    textOrNA(row.categoryname),
    textOrNA(row.materialname ?? row.materialName),
    textOrNA(row.size),
    textOrNA(row.unit),
    ...REPORT_QUANTITY_FIELDS.map((field) => numberOrZero(row[field])),
    ...REPORT_VALUE_FIELDS.map((field) => row[field]),
    textOrNA(row.remarks),
  ];
}

/** Each quantity column and each value column summed over the rows (the values exactly, to the cent). */
export function reportTotals(rows: readonly ReportRow[]): ReportTotals {
  const totals = Object.fromEntries(REPORT_QUANTITY_FIELDS.map((field) => [field, 0])) as ReportQuantities;
  for (const row of rows) for (const field of REPORT_QUANTITY_FIELDS) totals[field] += numberOrZero(row[field]);
  const values = Object.fromEntries(REPORT_VALUE_FIELDS.map((field) => [field, sumMoney(rows.map((row) => row[field]))])) as ReportValues;
  return { ...totals, ...values };
}

/** A unit's totals: its rows' quantities and values summed. */
export type UnitTotals = ReportTotals & { unit: string };

/** The totals of each unit in the report, by unit name: quantities are only ever added within one unit. */
export function reportTotalsByUnit(rows: readonly ReportRow[]): UnitTotals[] {
  const byUnit = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const unit = row.unit ?? '';
    const group = byUnit.get(unit);
    if (group) group.push(row);
    else byUnit.set(unit, [row]);
  }
  return [...byUnit.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([unit, group]) => ({ unit, ...reportTotals(group) }));
}

/**
 * The totals under the report: one row per unit ("Total" under Product, the unit under Unit, its sums
 * under their columns) and, when there is more than one unit, a last "Total" row of the values alone,
 * which are money and add up across units.
 */
export function totalsRows(rows: readonly ReportRow[]): (string | number)[][] {
  const byUnit = reportTotalsByUnit(rows);
  if (byUnit.length === 0) return [totalsCells(reportTotals(rows), '')];
  const perUnit = byUnit.map((totals) => totalsCells(totals, totals.unit));
  if (byUnit.length === 1) return perUnit;
  // The values of all units are the sum of each unit's, exactly (cents), without adding every row again.
  const all = REPORT_VALUE_FIELDS.map((field) => sumMoney(byUnit.map((totals) => totals[field])));
  return [...perUnit, ['', 'Total', '', '', '', '', ...REPORT_QUANTITY_FIELDS.map(() => ''), ...all, '']];
}

/**
 * The JSON report's totals: the values over every row, and the quantities too when the rows share
 * one unit (null otherwise: a sum of bags and tonnes means nothing).
 */
export function overallTotals(rows: readonly ReportRow[]): Record<keyof ReportTotals, number | string | null> {
  const totals: Record<keyof ReportTotals, number | string | null> = reportTotals(rows);
  if (new Set(rows.map((row) => row.unit ?? '')).size > 1) for (const field of REPORT_QUANTITY_FIELDS) totals[field] = null;
  return totals;
}

/** A totals row: "Total" under Product, the unit under Unit, the sums under their columns, the rest empty. */
export function totalsCells(totals: ReportTotals, unit: string): (string | number)[] {
  return [
    '',
    'Total',
    '',
    '',
    '',
    unit,
    ...REPORT_QUANTITY_FIELDS.map((field) => totals[field]),
    ...REPORT_VALUE_FIELDS.map((field) => totals[field]),
    '',
  ];
}

/** The money identity every report row and its totals keep: Closing Value = Opening Value + Value In − Value Out. */
export function closingValueOf(values: ReportValues): string {
  return subtractMoney(sumMoney([values.openingValue, values.valueIn]), values.valueOut);
}

/**
 * The row identity every report row and its totals keep: Closing = Total + Purchases + Transfer from
 * Warehouse + Transfer from Stores + Return − Consumed − Damaged − Transfer to Stores − Returned to
 * Supplier + Adjustments.
 */
export function closingOf(q: ReportQuantities): number {
  return (
    q.previousQuantity +
    q.restockedQuantity +
    q.transferQuantity +
    q.transferredInQuantity +
    q.refundQuantity -
    q.consumedQuantity -
    q.damagedQuantity -
    q.transferredOutQuantity -
    q.returnedToSupplierQuantity +
    q.adjustmentQuantity
  );
}

/**
 * One CSV field, quoted as RFC 4180 says, and also when it holds `;`, which spreadsheets of
 * `;`-separator locales split on; text that a spreadsheet would run as a formula is defused (a plain
 * amount such as "-12.50" is a number, not a formula).
 */
export function csvField(value: string | number): string {
  let text = String(value);
  const isAmount = /^-?\d+(\.\d+)?$/.test(text);
  if (typeof value === 'string' && !isAmount && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with its CRLF ending. */
export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** The byte-order mark a report CSV starts with, so spreadsheets read accents right. */
export const CSV_BOM = '\uFEFF';
