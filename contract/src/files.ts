import { z } from 'zod';
import { IdSchema } from './common';
import { ATTACHMENTS_MAX } from './limits';

export { ATTACHMENT_HOURS, ATTACHMENTS_MAX, PHOTO_MAX_BYTES, PHOTO_MAX_PX } from './limits';

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

export const ATTACHMENTS_TOO_MANY = 'A record holds at most 10 attachments.';
export const ATTACHMENT_REPEATED = 'A file is named more than once in attachments.';
export const FILES_NOT_ATTACHABLE = 'A file in attachments does not exist, or is not yours to attach: upload it first.';
export const ATTACHMENTS_ONLY_RECORDER = 'Only the person who recorded a movement may add attachments to it.';
export const ATTACHMENTS_TOO_LATE = 'Attachments can be added only within 24 hours of the movement reaching the server.';
export const ATTACHMENTS_ADDED = 'Attachments added.';
export const SYNC_OP_NOT_FOUND = 'No entry from your phone with this id has reached the server yet.';
export const SYNC_OP_NOT_RECORDED = 'This entry is not in the ledger yet: it waits in Needs attention.';
export const SYNC_OP_DISCARDED = 'This entry was discarded in Needs attention: nothing can be attached to it.';

/** Files (uploaded first, by `POST /api/files`) attached to what is recorded: at most 10, each once. */
export const AttachmentsSchema = z
  .array(IdSchema)
  .max(ATTACHMENTS_MAX, ATTACHMENTS_TOO_MANY)
  .refine((ids) => new Set(ids).size === ids.length, ATTACHMENT_REPEATED);
/** The `attachments` field of a call that records something. */
export const attachmentsField = { attachments: AttachmentsSchema.optional() };

/** A file attached to a record, as the record shows it; its bytes are at `GET /api/files/{_id}`. */
export const AttachmentSchema = z.object({ _id: z.string(), type: z.enum(FILE_TYPES) });
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AddAttachmentsRequestSchema = z.object({ attachments: AttachmentsSchema.min(1, FILE_MISSING) });
export const AddAttachmentsResponseSchema = z.object({ message: z.string(), attachments: z.array(AttachmentSchema) });
export type AddAttachmentsResponse = z.infer<typeof AddAttachmentsResponseSchema>;

export const OpAttachmentsParamsSchema = z.object({ opId: z.uuid({ message: 'opId must be a UUID' }) });
