import type { FileResponse } from '@stockyard/contract';
import { ApiError, apiFetch, apiUpload } from '../../lib/api';
import { markPhotoUploaded, rejectedOps, removePhoto, waitingOps, waitingPhotos } from './outbox';

/** The server's answer that the op a photo follows was discarded: it will never be in the ledger. */
const OP_DISCARDED = 'SYNC_OP_DISCARDED';

/** Whether the op a photo follows is not in the ledger yet (not arrived, or waiting in Needs attention): the photo waits too. */
function isOpNotRecordedYet(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || (error.status === 409 && error.code !== OP_DISCARDED));
}

/**
 * Sends the photos a user's ops were taken with, after the ops: each is uploaded once (the file it became
 * is kept, and the same bytes are the same file on the server anyway), then attached by its op's id to the
 * line the op became, however late. A photo never holds back its op: the op went first, and a photo that
 * cannot go yet waits for the next sync. A lost connection ends the run; what was done stays done.
 */
export async function sendPhotos(userId: string): Promise<void> {
  const [photos, waiting, rejected] = await Promise.all([waitingPhotos(userId), waitingOps(userId), rejectedOps(userId)]);
  const notSentYet = new Set(waiting.map((op) => op.opId));
  const refused = new Set(rejected.map((op) => op.opId));
  for (const photo of photos) {
    // Its op was refused: the photo goes when the keeper dismisses it.
    if (refused.has(photo.opId)) continue;
    let fileId = photo.fileId;
    if (!fileId) {
      const file = await apiUpload<FileResponse>(
        '/api/files',
        new Blob([photo.bytes], { type: photo.type }),
        `photo-${photo.position}.jpg`,
      );
      fileId = file._id;
      await markPhotoUploaded(photo, fileId);
    }
    if (notSentYet.has(photo.opId)) continue;
    try {
      await apiFetch(`/api/sync/ops/${photo.opId}/attachments`, { method: 'POST', body: { attachments: [fileId] } });
      await removePhoto(photo.photoId);
    } catch (error) {
      if (error instanceof ApiError && error.code === OP_DISCARDED) await removePhoto(photo.photoId);
      else if (!isOpNotRecordedYet(error)) throw error;
    }
  }
}
