import { fillPrinted, type PrintedTexts } from '@stockyard/contract';
import { dateTimeIn } from '../../lib/calendar';
import { generatedNote, type PrintedPhoto, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';
import type { DeliveryRecord } from './deliveries.presenter';
import type { DeliveryLineRow } from './deliveries.repository';

const STYLE = tableStyle([30, 100, 60], {});

type Made = { at: Date; by: string; timeZone: string };

/** A delivery note's PDF name: the material, the supplier and the day it arrived. */
export function deliveryNoteFileName(delivery: DeliveryRecord): string {
  const safe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `delivery-${safe(delivery.productId?.name ?? 'material')}-${safe(delivery.supplier)}-${delivery.day}.pdf`;
}

/** What a delivery's ledger line did: brought the goods in, or took some back (a correction). */
export function deliveryEvent(line: Pick<DeliveryLineRow, 'quantity'>, texts: PrintedTexts): string {
  return line.quantity >= 0 ? texts.lineEvents.received : texts.lineEvents.takenBack;
}

/**
 * A supplier delivery on paper: each ledger line it wrote, the photos taken of it, and lines for the
 * keeper and the driver to sign.
 */
export function deliveryNotePdf(
  delivery: DeliveryRecord,
  lines: DeliveryLineRow[],
  photos: PrintedPhoto[],
  generated: Made,
  texts: PrintedTexts,
): TablePdf {
  const [when, event, quantity, by, note] = texts.deliveryColumns;
  return {
    style: STYLE,
    title: fillPrinted(texts.deliveryNoteOf, { material: delivery.productId?.name ?? '', supplier: delivery.supplier }),
    columns: [
      { header: when, width: 34, align: 'left' },
      { header: event, width: 34, align: 'left' },
      { header: quantity, width: 30, align: 'right' },
      { header: by, width: 40, align: 'left' },
      { header: note, width: 44, align: 'left' },
    ],
    rows: lines.map((line) => [
      dateTimeIn(new Date(line.occurred_at), generated.timeZone),
      deliveryEvent(line, texts),
      `${line.quantity} ${line.unit}`.trim(),
      line.actor_name ?? '',
      line.reason ?? '',
    ]),
    note: delivery.storeId.name,
    signatures: [texts.receiverSignature, texts.senderSignature],
    photos,
    footer: generatedNote(texts, generated),
    page: texts.page,
  };
}
