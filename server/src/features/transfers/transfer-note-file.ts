import { fillPrinted, type PrintedTexts, type Transfer } from '@stockyard/contract';
import { dateTimeIn } from '../../lib/calendar';
import { generatedNote, type PrintedPhoto, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';

const STYLE = tableStyle([30, 100, 60], {});

type Made = { at: Date; by: string; timeZone: string };

/** A transfer note's PDF name: its reference. */
export function transferNoteFileName(transfer: Transfer): string {
  return `transfer-${transfer.reference}.pdf`;
}

/** What a transfer's ledger line did, as its note says it. */
export function transferEvent(kind: string, texts: PrintedTexts): string {
  if (kind === 'transfer_out') return texts.lineEvents.dispatched;
  if (kind === 'damage') return texts.lineEvents.damaged;
  return texts.lineEvents.received;
}

/**
 * A transfer on paper, to travel with the goods: each line sent, what has arrived of it so far, the
 * photos taken at the dispatch and the receipts, and lines for the sender and the receiver to sign.
 */
export function transferNotePdf(transfer: Transfer, photos: PrintedPhoto[], generated: Made, texts: PrintedTexts): TablePdf {
  const [item, unit, sent, received, damaged, writtenOff, inTransit] = texts.transferColumns;
  const figure = (width: number, header: string) => ({ header, width, align: 'right' as const });
  return {
    style: STYLE,
    title: fillPrinted(texts.transferNoteOf, { reference: transfer.reference, from: transfer.fromStore.name, to: transfer.toStore.name }),
    columns: [
      { header: item, width: 52, align: 'left' },
      { header: unit, width: 20, align: 'left' },
      figure(22, sent),
      figure(22, received),
      figure(22, damaged),
      figure(22, writtenOff),
      figure(22, inTransit),
    ],
    rows: transfer.lines.map((line) => [
      line.name,
      line.unit,
      String(line.quantity),
      String(line.received),
      String(line.damaged),
      String(line.lost),
      String(line.inTransit),
    ]),
    note: transfer.dispatchedAt
      ? fillPrinted(texts.transferDispatched, {
          when: dateTimeIn(new Date(transfer.dispatchedAt), generated.timeZone),
          by: transfer.dispatchedBy?.name ?? '',
        })
      : texts.transferNotDispatched,
    signatures: [texts.senderSignature, texts.receiverSignature],
    photos,
    footer: generatedNote(texts, generated),
    page: texts.page,
  };
}
