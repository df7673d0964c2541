import { fillPrinted, type PrintedTexts } from '@stockyard/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { dateTimeIn } from '../../lib/calendar';
import type { PrintedPhoto } from '../../lib/pdf/table-pdf';
import { findLineAttachments } from './files.repository';
import { type FileStore, fileContent } from './files.service';

/** What printing a record needs: who made it and when, its language's texts, and where file bytes are kept. */
export type PrintContext = { generated: { at: Date; by: string; timeZone: string }; texts: PrintedTexts; files: FileStore };

/** A ledger line of a printed record: what it did (in the document's words), when and by whom. */
export type PrintedLine = { id: string; event: string; occurred_at: string | Date; actor_name: string | null };

/**
 * The photos on a record's ledger lines as its PDF prints them: each file once, labelled by the first
 * line it is on. A JPEG or PNG prints as it is, a WebP as its JPEG thumbnail; an attached PDF is not printed.
 */
export async function printedPhotosOf(db: Db, auth: AuthContext, lines: PrintedLine[], print: PrintContext): Promise<PrintedPhoto[]> {
  const labels = new Map(
    lines.map((line) => [
      line.id,
      fillPrinted(print.texts.photoOf, {
        event: line.event,
        when: dateTimeIn(new Date(line.occurred_at), print.generated.timeZone),
        by: line.actor_name ?? '',
      }),
    ]),
  );
  const seen = new Set<string>();
  const photos: PrintedPhoto[] = [];
  const lineOrder = new Map(lines.map((line, index) => [line.id, index]));
  const attachments = (await findLineAttachments(db, [...labels.keys()])).sort(
    (a, b) => (lineOrder.get(a.movement_id) ?? 0) - (lineOrder.get(b.movement_id) ?? 0),
  );
  for (const attachment of attachments) {
    if (seen.has(attachment.file_id) || attachment.type === 'application/pdf') continue;
    seen.add(attachment.file_id);
    const { bytes } = await fileContent(db, auth, attachment.file_id, attachment.type === 'image/webp', print.files);
    photos.push({ label: `${photos.length + 1}. ${labels.get(attachment.movement_id) ?? ''}`, image: bytes });
  }
  return photos;
}
