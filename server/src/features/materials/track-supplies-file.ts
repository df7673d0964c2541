import { fillPrinted, type PrintedTexts, type TrackSupplyStore } from '@stockyard/contract';
import { generatedNote, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';

/** The supplies PDF is portrait, its table from 20 mm (in the plain table style the screen had before). */
const STYLE = tableStyle([41, 128, 185], { cellPadding: 1.76, stripe: [245, 245, 245] });

/** The supplies PDF is named "{store}-report.pdf". */
export function trackSuppliesFileName(store: TrackSupplyStore): string {
  return `${store.storeName}-report.pdf`;
}

/** One store's supplies as a table document in the language asked for, each page saying who made it, when, and its number. */
export function trackSuppliesPdf(
  store: TrackSupplyStore,
  generated: { at: Date; by: string; timeZone: string },
  texts: PrintedTexts,
): TablePdf {
  return {
    style: STYLE,
    title: fillPrinted(texts.supplies, { store: store.storeName }),
    columns: texts.suppliesColumns.map((header, index) => ({
      header,
      width: index === 0 ? 54 : 32,
      align: index === 0 ? 'left' : 'right',
    })),
    rows: store.inventoryDetails.map((detail) =>
      [detail.productName, detail.damageStock, detail.refundStock, detail.consumedStock, detail.totalQuantity].map(String),
    ),
    footer: `${store.storeName} · ${generatedNote(texts, generated)}`,
    page: texts.page,
  };
}
