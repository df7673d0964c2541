// Limits that screens keep to without the schemas (a list's page, a phone's sync batch, its photos);
// nothing here imports a schema, so any screen may use them without zod.

export const LIST_LIMIT_MAX = 500;
/** Rows a list answers when `limit` is not given; `limit` may ask for up to LIST_LIMIT_MAX. */
export const LIST_LIMIT_DEFAULT = 50;

/** The most movements one sync call carries. */
export const SYNC_BATCH_MAX = 200;

/** A photo taken on the phone is sent at most this long on its longest side, and at most this big. */
export const PHOTO_MAX_PX = 1600;
export const PHOTO_MAX_BYTES = 400 * 1024;

export const ATTACHMENTS_MAX = 10;
/** How long after a line reaches the server its recorder may still add to its attachments. */
export const ATTACHMENT_HOURS = 24;
