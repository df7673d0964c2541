import { type Custody, fillPrinted, type PrintedTexts } from '@stockyard/contract';
import { dateTimeIn } from '../../lib/calendar';
import { generatedNote, type PrintedPhoto, type SignedLine, type TablePdf, tableStyle } from '../../lib/pdf/table-pdf';
import type { CustodyEventRow } from './custody.repository';

const STYLE = tableStyle([40, 70, 110], {});

type Made = { at: Date; by: string; timeZone: string };

/** A custody record's PDF name: the tool, the worker and the day it was handed over. */
export function custodyFileName(record: Custody): string {
  const safe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `custody-${safe(record.tool.name)}-${safe(record.worker.name)}-${record.issuedAt.slice(0, 10)}.pdf`;
}

/**
 * A custody record on paper: every hand-over and return on its ledger lines, when it is due back, the
 * worker's signatures drawn on the phone (without any, lines for the worker and the keeper to sign),
 * and the photos taken at the hand-over and the returns.
 */
/** What a custody record's ledger line did, in the document's language. */
export function custodyEventName(kind: string, texts: PrintedTexts): string {
  return texts.custodyEvents[kind as keyof PrintedTexts['custodyEvents']] ?? kind;
}

export function custodyPdf(
  record: Custody,
  events: CustodyEventRow[],
  proof: {
    signatures: { event: 'handover' | 'return'; workerName: string; signedAt: string; image: Uint8Array }[];
    photos: PrintedPhoto[];
  },
  generated: Made,
  texts: PrintedTexts,
): TablePdf {
  const [when, event, quantity, by, note] = texts.custodyColumns;
  const { signatures, photos } = proof;
  const signed: SignedLine[] = signatures.map((signature) => ({
    label: fillPrinted(texts.signedBy, {
      worker: signature.workerName,
      when: dateTimeIn(new Date(signature.signedAt), generated.timeZone),
      event: texts.signatureEvents[signature.event],
    }),
    image: signature.image,
  }));
  return {
    style: STYLE,
    title: fillPrinted(texts.custodyRecordOf, { tool: record.tool.name, worker: record.worker.name }),
    columns: [
      { header: when, width: 34, align: 'left' },
      { header: event, width: 46, align: 'left' },
      { header: quantity, width: 22, align: 'right' },
      { header: by, width: 36, align: 'left' },
      { header: note, width: 44, align: 'left' },
    ],
    rows: events.map((line) => [
      dateTimeIn(new Date(line.occurred_at), generated.timeZone),
      custodyEventName(line.kind, texts),
      String(line.quantity),
      line.actor_name ?? '',
      line.reason ?? '',
    ]),
    note: fillPrinted(texts.custodyDue, { when: dateTimeIn(new Date(record.dueAt), generated.timeZone), store: record.store.name }),
    signatures: signed.length > 0 ? signed : [texts.workerSignature, texts.keeperSignature],
    photos,
    footer: generatedNote(texts, generated),
    page: texts.page,
  };
}
