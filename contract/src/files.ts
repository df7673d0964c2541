import { z } from 'zod';
import { IdSchema } from './common';

/** What may be attached as proof: photos and scanned notes, recognised by their content. */
export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of an image's thumbnail, in pixels. */
export const THUMB_MAX_PX = 320;

export const FileResponseSchema = z.object({
  _id: IdSchema,
  /** The SHA-256 of the bytes, in hex: the same bytes are the same file. */
  sha256: z.string(),
  type: z.enum(FILE_TYPES),
  size: z.number().int(),
});
export type FileResponse = z.infer<typeof FileResponseSchema>;

/** Strict: a parameter it does not know is a mistake worth a 400. */
export const FileQuerySchema = z.strictObject({
  /** `1`: the image's thumbnail (at most 320 px on its longest side), as JPEG. */
  thumb: z.enum(['0', '1']).default('0'),
});

export const FILE_MISSING = 'Send one file in a multipart form field named "file".';
export const FILE_TOO_LARGE = 'A file can be at most 10 MB.';
export const FILE_TYPE_REFUSED =
  'Only JPEG, PNG and WebP photos and PDF documents can be attached; this file is none of them, or cannot be read.';
export const FILE_NOT_FOUND = 'File not found';
export const FILE_HAS_NO_THUMBNAIL = 'Only a photo has a thumbnail.';
