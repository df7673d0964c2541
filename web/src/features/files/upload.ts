import type { FileResponse } from '@stockyard/contract';
import { apiUpload } from '../../lib/api';

/** Uploads a file the phone made (a photo, a signature); the same bytes are the same file on the server. Its id. */
export async function uploadFileOf(bytes: Blob, name: string): Promise<string> {
  return (await apiUpload<FileResponse>('/api/files', bytes, name))._id;
}

/** Uploads the photos taken for a record, in order: the `attachments` field of its body, or nothing when there are none. */
export async function uploadedPhotos(photos: Blob[]): Promise<{ attachments?: string[] }> {
  if (photos.length === 0) return {};
  return { attachments: await Promise.all(photos.map((photo, index) => uploadFileOf(photo, `photo-${index + 1}.jpg`))) };
}
