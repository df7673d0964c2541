import { REPORT_COLUMNS, type ReportRow } from '@stockyard/contract';
import { ddmmyyyy, numberOrZero, textOrNA } from '../../lib/format';
import { loadPdf } from '../../lib/pdf';

/** One report row as the 14 cells of docs/SPEC.md's PDF columns: N/A for missing text, 0 for missing numbers. */
export function reportCells(row: ReportRow): (string | number)[] {
  return [
    ddmmyyyy(row.restockDate),
    textOrNA(row.name),
    textOrNA(row.categoryname),
    textOrNA(row.materialname ?? row.materialName),
    textOrNA(row.size),
    textOrNA(row.unit),
    numberOrZero(row.previousQuantity),
    numberOrZero(row.restockedQuantity),
    numberOrZero(row.transferQuantity),
    numberOrZero(row.consumedQuantity),
    numberOrZero(row.damagedQuantity),
    numberOrZero(row.refundQuantity),
    numberOrZero(row.currentAvailableQuantity),
    textOrNA(row.remarks),
  ];
}

export type ReportDocument = { title: string; rows: ReportRow[]; fileBase: string };

/** The admin's store report: "Store_Report_{start}_to_{end}". */
export function adminReportDocument(storeName: string, start: string, end: string, rows: ReportRow[]): ReportDocument {
  return {
    title: `Store Report - ${storeName} (${ddmmyyyy(start)} - ${ddmmyyyy(end)})`,
    rows,
    fileBase: `Store_Report_${start}_to_${end}`,
  };
}

/** The keeper's report: "store_report_{start}_to_{end}", titled "Store Report (start - end)". */
export function keeperReportDocument(start: string, end: string, rows: ReportRow[]): ReportDocument {
  return { title: `Store Report (${ddmmyyyy(start)} - ${ddmmyyyy(end)})`, rows, fileBase: `store_report_${start}_to_${end}` };
}

const DARK_BLUE: [number, number, number] = [22, 47, 85];
const LIGHT_GREY: [number, number, number] = [240, 240, 240];

/**
 * The report PDF of docs/SPEC.md section 9: A4 landscape in millimetres, centred title, the table from
 * y = 25 with font size 8 and cell padding 2, a dark blue header with white text repeated on every
 * page, alternating light grey rows, margins top 25 and left/right 10.
 */
export async function buildReportPdf(report: ReportDocument) {
  const pdf = await loadPdf();
  const doc = pdf.create('landscape');
  doc.setFontSize(14);
  doc.text(report.title, doc.internal.pageSize.getWidth() / 2, 15, { align: 'center' });
  pdf.table(doc, {
    startY: 25,
    head: [[...REPORT_COLUMNS]],
    body: report.rows.map(reportCells),
    showHead: 'everyPage',
    styles: { fontSize: 8, cellPadding: 2 },
    headStyles: { fillColor: DARK_BLUE, textColor: 255, fontStyle: 'bold' },
    alternateRowStyles: { fillColor: LIGHT_GREY },
    margin: { top: 25, left: 10, right: 10 },
  });
  return doc;
}

export async function downloadReportPdf(report: ReportDocument): Promise<void> {
  (await buildReportPdf(report)).save(`${report.fileBase}.pdf`);
}

/**
 * One CSV field, quoted as RFC 4180 says, and also when it holds `;`, which spreadsheets of
 * `;`-separator locales split on; text that a spreadsheet would run as a formula is defused.
 */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The same rows as CSV: CRLF lines, UTF-8 with a byte-order mark so spreadsheets read accents right. */
export function buildReportCsv(rows: ReportRow[]): string {
  const lines = [[...REPORT_COLUMNS], ...rows.map(reportCells)].map((cells) => cells.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadReportCsv(report: ReportDocument): void {
  const blob = new Blob([buildReportCsv(report.rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${report.fileBase}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
