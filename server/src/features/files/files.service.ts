import {
  FILE_HAS_NO_THUMBNAIL,
  FILE_NOT_FOUND,
  FILE_TYPE_REFUSED,
  FILES_NOT_ATTACHABLE,
  type FileResponse,
  type FileType,
  SIGNATURE_NOT_PNG,
} from '@stockyard/contract';
import type { Db, DbOrTx } from '../../db/client';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import type { Answer } from '../../lib/idempotency';
import { runTransaction } from '../../lib/transaction';
import { examineFile } from './file-content';
import { keepOnDisk, readFromDisk } from './file-disk';
import { findFileFor, findVisibleFileIds, findVisibleFileType, noteUploader, saveFile } from './files.repository';

/** Where the bytes of files are kept: in the database (backed up with it), or under FILES_DIR. */
export type FileStore = { dir?: string };

/**
 * Keeps an uploaded file: 201 with a new file, 200 with the one already kept for the same bytes.
 * On disk the bytes are written before the row that names them, so a row never names missing bytes.
 */
export async function uploadFile(db: Db, auth: AuthContext, bytes: Buffer, store: FileStore): Promise<Answer<FileResponse>> {
  const file = await examineFile(bytes);
  if (!file) throw new AppError('unsupported_type', FILE_TYPE_REFUSED);
  if (store.dir) await keepOnDisk(store.dir, file.sha256, bytes);
  return runTransaction(db, async (tx) => {
    const saved = await saveFile(tx, file, store.dir ? null : bytes);
    await noteUploader(tx, saved.id, auth.userId);
    return {
      status: saved.isNew ? 201 : 200,
      body: { _id: saved.id, sha256: saved.sha256, type: saved.type as FileType, size: saved.size },
    };
  });
}

/** A file's bytes (or a photo's thumbnail) for someone who may see it; to anyone else it does not exist. */
export async function fileContent(
  db: Db,
  auth: AuthContext,
  fileId: string,
  wantsThumb: boolean,
  store: FileStore,
): Promise<{ type: string; name: string; bytes: Buffer }> {
  const row = await findFileFor(db, fileId, { userId: auth.userId, storeIds: storeScopeOf(auth) }, wantsThumb ? 'thumb' : 'content');
  if (!row) throw new AppError('not_found', FILE_NOT_FOUND);
  const extension = row.type.split('/')[1];
  if (wantsThumb) {
    if (!row.bytes) throw new AppError('bad_request', FILE_HAS_NO_THUMBNAIL);
    return { type: 'image/jpeg', name: `${row.id}-thumb.jpeg`, bytes: Buffer.from(row.bytes) };
  }
  if (row.bytes) return { type: row.type, name: `${row.id}.${extension}`, bytes: Buffer.from(row.bytes) };
  if (!store.dir) throw new Error(`File ${row.id} is kept on disk, but FILES_DIR is not set.`);
  return { type: row.type, name: `${row.id}.${extension}`, bytes: await readFromDisk(store.dir, row.sha256) };
}

/**
 * Refuses attachments the person may not attach: a file that does not exist, or that they neither
 * uploaded nor can see on a record of their stores. Each such file is named in the answer's issues.
 */
export async function assertAttachable(db: DbOrTx, reader: { userId: string; storeIds: string[] | null }, fileIds: string[]) {
  const visible = new Set(await findVisibleFileIds(db, fileIds, reader));
  const refused = fileIds.filter((id) => !visible.has(id));
  if (refused.length > 0) {
    throw new AppError(
      'bad_request',
      FILES_NOT_ATTACHABLE,
      refused.map((id) => ({ path: `body.attachments.${fileIds.indexOf(id)}`, message: FILES_NOT_ATTACHABLE })),
    );
  }
}

/** A worker's signature: a PNG the person may attach (uploaded by them), else a 400 on `body.signature`. */
export async function assertSignatureFile(db: DbOrTx, reader: { userId: string; storeIds: string[] | null }, fileId: string) {
  if ((await findVisibleFileType(db, fileId, reader)) !== 'image/png') {
    throw new AppError('bad_request', SIGNATURE_NOT_PNG, [{ path: 'body.signature', message: SIGNATURE_NOT_PNG }]);
  }
}
