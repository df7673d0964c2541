import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, ddmmyyyy, fillPrinted, type PrintedTexts, type ValuationResponse } from '@stockyard/contract';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';

/** Portrait A4, the money column wide enough for a large store's total. */
const STYLE = tableStyle([22, 47, 85], { tableTop: 22, fontSize: 8, stripe: [240, 240, 240] });

export type ValuationFile = { valuation: ValuationResponse; stores: string; generated: { at: Date; by: string; timeZone: string } };

export function valuationFileName(valuation: ValuationResponse, format: 'pdf' | 'csv'): string {
  return `stock_valuation_${valuation.asOf}.${format}`;
}

/** An amount as the document's language writes it, from its decimal string (exactly). */
export function amountWriter(language: string): (amount: string) => string {
  const format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (amount) => format.format(amount as unknown as number);
}

/** The valuation as a table document: a row per store and material, the total, and what was in transit apart. */
export function valuationPdf(file: ValuationFile, texts: PrintedTexts): TablePdf {
  const { valuation } = file;
  const amount = amountWriter(texts.language);
  const [store, material, quantity, averageCost, value] = texts.valuationColumns;
  const currency = valuation.currency;
  return {
    style: STYLE,
    title: fillPrinted(texts.valuationAsOf, { stores: file.stores, day: ddmmyyyy(valuation.asOf) }),
    columns: [
      { header: store, width: 36, align: 'left' },
      { header: material, width: 56, align: 'left' },
      { header: quantity, width: 26, align: 'right' },
      { header: `${averageCost} (${currency})`, width: 30, align: 'right' },
      { header: `${value} (${currency})`, width: 34, align: 'right' },
    ],
    rows: valuation.rows.map((row) => [
      row.storeName,
      row.isUnvalued ? `${row.name} (${texts.unvalued})` : row.name,
      `${row.quantity} ${row.unit}`,
      row.averageCost === null ? '' : row.averageCost,
      amount(row.value),
    ]),
    totals: [['', texts.total, '', '', amount(valuation.totals.value)]],
    note: `${texts.inTransit}: ${amount(valuation.inTransit.value)} ${currency}`,
    footer: `${file.stores} · ${generatedNote(texts, file.generated)}`,
    page: texts.page,
    signatures: [texts.preparedBy, texts.checkedBy],
  };
}

export const VALUATION_CSV_COLUMNS = ['Store', 'Material', 'Unit', 'Quantity', 'Average Cost', 'Value', 'Unvalued'];

/** The valuation as CSV: its rows, then the total and the value in transit, amounts as plain decimals. */
export function valuationCsv(valuation: ValuationResponse): Readable {
  return Readable.from(
    (function* lines() {
      yield `${CSV_BOM}${csvLine(VALUATION_CSV_COLUMNS)}`;
      for (const row of valuation.rows) {
        yield csvLine([row.storeName, row.name, row.unit, row.quantity, row.averageCost ?? '', row.value, row.isUnvalued ? 'yes' : '']);
      }
      yield csvLine(['', 'Total', '', '', '', valuation.totals.value, '']);
      yield csvLine(['', 'In transit', '', '', '', valuation.inTransit.value, '']);
    })(),
  );
}
