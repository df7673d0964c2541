import type { FileResponse } from '@stockyard/contract';
import { apiUpload } from '../../lib/api';

/** Uploads a file the phone made (a photo, a signature); the same bytes are the same file on the server. Its id. */
export async function uploadFileOf(bytes: Blob, name: string): Promise<string> {
  return (await apiUpload<FileResponse>('/api/files', bytes, name))._id;
}
