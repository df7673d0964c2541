import { createHash } from 'node:crypto';
import { FILE_TYPES, type FileType, THUMB_MAX_PX } from '@stockyard/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** What an upload is, by its bytes. */
export type ExaminedFile = { type: FileType; sha256: string; size: number; thumb: Buffer | null };

/**
 * Recognises a file by its content (never its name) and makes a photo's thumbnail: JPEG at most
 * 320 px on its longest side, turned upright as the camera meant. Null when the bytes are none of
 * the types that may be attached, or a photo that cannot be decoded.
 */
export async function examineFile(bytes: Buffer): Promise<ExaminedFile | null> {
  const found = await fileTypeFromBuffer(bytes);
  const type = FILE_TYPES.find((known) => known === found?.mime);
  if (!type) return null;
  const file = { type, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
  if (type === 'application/pdf') return { ...file, thumb: null };
  try {
    const thumb = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      // What is transparent (a signature's paper) is white, as on paper: JPEG has no transparency.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { ...file, thumb };
  } catch {
    return null;
  }
}
