import { Readable } from 'node:stream';
import {
  CSV_BOM,
  csvLine,
  ddmmyyyy,
  FIRST_QUANTITY_COLUMN,
  fillPrinted,
  type PrintedTexts,
  REPORT_COLUMNS,
  REPORT_QUANTITY_FIELDS,
  REPORT_VALUE_FIELDS,
  REVERSIBLE_QUANTITY_FIELDS,
  type ReportRow,
  reportCells,
  totalsRows,
} from '@stockyard/contract';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';

/** A store's report with what its printed form says about it. */
export type StoreReport = {
  storeName: string;
  startDate: string;
  endDate: string;
  rows: ReportRow[];
  generatedAt: Date;
  generatedBy: string;
  timeZone: string;
  /** The company currency the values are in. */
  currency: string;
};

export type ReportAudience = 'admin' | 'keeper';

/**
 * The report PDF: A4 landscape, centred title, table from 25 mm, dark blue header, grey stripes; its 22
 * columns fit the width in 6.5 pt letters with 0.75 mm of padding.
 */
const REPORT_STYLE = tableStyle([22, 47, 85], {
  orientation: 'landscape',
  title: { x: 'centre', y: 15, size: 14 },
  tableTop: 25,
  margin: { left: 10, right: 10 },
  fontSize: 6.5,
  cellPadding: 0.75,
  stripe: [240, 240, 240],
});

/** Column widths in REPORT_COLUMNS' order, in proportion: scaled to the 277 mm between the margins, no column narrower than its heading's longest word. */
const COLUMN_WIDTHS = [17, 34, 13, 12, 11, 8, 11, 11, 13, 12, 11, 12, 10, 12, 12, 12, 11, 15, 15, 15, 15, 11];
const FIRST_VALUE_COLUMN = FIRST_QUANTITY_COLUMN + REPORT_QUANTITY_FIELDS.length;
const REVERSIBLE_COLUMNS = new Set(
  REVERSIBLE_QUANTITY_FIELDS.map((field) => FIRST_QUANTITY_COLUMN + REPORT_QUANTITY_FIELDS.indexOf(field)),
);

function isValueColumn(index: number): boolean {
  return index >= FIRST_VALUE_COLUMN && index < FIRST_VALUE_COLUMN + REPORT_VALUE_FIELDS.length;
}

/** "Store_Report_{start}_to_{end}" for the admin, "store_report_{start}_to_{end}" for a keeper. */
export function reportFileName(report: StoreReport, audience: ReportAudience, extension: 'pdf' | 'csv'): string {
  const base = audience === 'admin' ? 'Store_Report' : 'store_report';
  return `${base}_${report.startDate}_to_${report.endDate}.${extension}`;
}

/**
 * The report as a table document in the language asked for: the rows, the totals rows, and on every
 * page who made it, when, and the page number.
 */
export function reportPdf(report: StoreReport, audience: ReportAudience, texts: PrintedTexts): TablePdf {
  const range = `${ddmmyyyy(report.startDate)} - ${ddmmyyyy(report.endDate)}`;
  const amount = new Intl.NumberFormat(texts.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Amounts go in as decimal strings, which Intl writes exactly.
  const written = (cells: (string | number)[]) =>
    cells.map((cell, index) => (isValueColumn(index) ? amount.format(cell as unknown as number) : String(cell)));
  const totals = totalsRows(report.rows).map((cells) => {
    const row = written(cells);
    row[1] = texts.total;
    return row;
  });
  return {
    style: REPORT_STYLE,
    title: fillPrinted(audience === 'admin' ? texts.storeReportOf : texts.storeReport, { store: report.storeName, range }),
    columns: REPORT_COLUMNS.map((column, index) => ({
      header: isValueColumn(index) ? `${texts.reportColumns[column]} (${report.currency})` : texts.reportColumns[column],
      width: COLUMN_WIDTHS[index] ?? 15,
      align: index >= FIRST_QUANTITY_COLUMN && index < REPORT_COLUMNS.length - 1 ? 'right' : 'left',
      marksNegative: REVERSIBLE_COLUMNS.has(index),
    })),
    rows: report.rows.map((row) => written(reportCells(row))),
    note: report.rows.some((row) => REVERSIBLE_QUANTITY_FIELDS.some((field) => row[field] < 0)) ? texts.negativeNote : undefined,
    totals,
    footer: `${report.storeName} · ${range} · ${generatedNote(texts, { at: report.generatedAt, by: report.generatedBy, timeZone: report.timeZone })}`,
    page: texts.page,
    signatures: [texts.preparedBy, texts.checkedBy],
  };
}

/** The report as CSV, written as it goes: a byte-order mark, the header, the rows, the totals rows; CRLF lines. */
export function reportCsv(report: StoreReport): Readable {
  return Readable.from(
    (function* lines() {
      yield `${CSV_BOM}${csvLine(REPORT_COLUMNS)}`;
      for (let start = 0; start < report.rows.length; start += 500) {
        yield report.rows
          .slice(start, start + 500)
          .map((row) => csvLine(reportCells(row)))
          .join('');
      }
      yield totalsRows(report.rows)
        .map((cells) => csvLine(cells))
        .join('');
    })(),
  );
}
