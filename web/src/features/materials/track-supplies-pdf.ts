import type { TrackSupplyStore } from '@stockyard/contract';
import { loadPdf } from '../../lib/pdf';

/** The per-store PDF of Track Supplies: portrait, table from 20 mm, saved as "{store}-report.pdf" (docs/SPEC.md section 9). */
export async function buildTrackSuppliesPdf(store: TrackSupplyStore) {
  const pdf = await loadPdf();
  const doc = pdf.create('portrait');
  doc.setFontSize(14);
  doc.text(`${store.storeName} - Supplies`, 14, 14);
  pdf.table(doc, {
    startY: 20,
    head: [['Product', 'Damaged Stock', 'Return Stock', 'Issued Stock', 'Total Quantity']],
    body: store.inventoryDetails.map((detail) => [
      detail.productName,
      detail.damageStock,
      detail.refundStock,
      detail.consumedStock,
      detail.totalQuantity,
    ]),
  });
  return doc;
}

export async function exportTrackSuppliesPdf(store: TrackSupplyStore): Promise<void> {
  const doc = await buildTrackSuppliesPdf(store);
  doc.save(`${store.storeName}-report.pdf`);
}
