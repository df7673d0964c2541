import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import type { PrintedPhoto } from '../../lib/pdf/table-pdf';
import { findLineAttachments } from './files.repository';
import { type FileStore, fileContent } from './files.service';

/**
 * The photos on ledger lines as a PDF prints them: each file once, labelled by the first line it is on.
 * A JPEG or PNG prints as it is, a WebP as its JPEG thumbnail; an attached PDF is not printed.
 */
export async function printedPhotosOf(
  db: Db,
  auth: AuthContext,
  lines: { id: string; label: string }[],
  store: FileStore,
): Promise<PrintedPhoto[]> {
  const labels = new Map(lines.map((line) => [line.id, line.label]));
  const seen = new Set<string>();
  const photos: PrintedPhoto[] = [];
  for (const attachment of await findLineAttachments(db, [...labels.keys()])) {
    if (seen.has(attachment.file_id) || attachment.type === 'application/pdf') continue;
    seen.add(attachment.file_id);
    const { bytes } = await fileContent(db, auth, attachment.file_id, attachment.type === 'image/webp', store);
    photos.push({ label: `${photos.length + 1}. ${labels.get(attachment.movement_id) ?? ''}`, image: bytes });
  }
  return photos;
}
