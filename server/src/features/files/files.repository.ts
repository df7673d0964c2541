import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';
import type { ExaminedFile } from './file-content';

export type FileRow = { id: string; sha256: string; type: string; size: number };

/**
 * Keeps a file once per content, in one statement: the same bytes sent again (or at once) find the
 * row already there. `content` is null when the bytes are kept on disk; a row kept on disk takes the
 * bytes when they are later sent to a server that keeps them in the database.
 */
export async function saveFile(db: DbOrTx, file: ExaminedFile, content: Buffer | null): Promise<FileRow & { isNew: boolean }> {
  const [row] = await queryRows<FileRow & { isNew: boolean }>(
    db,
    sql`insert into files (sha256, type, size, content, thumb)
        values (${file.sha256}, ${file.type}, ${file.size}, ${content}, ${file.thumb})
        on conflict (sha256) do update set content = coalesce(files.content, excluded.content)
        returning id, sha256, type, size, (xmax = 0) as "isNew"`,
  );
  if (!row) throw new Error('The file was not saved.');
  return row;
}

export async function noteUploader(db: DbOrTx, fileId: string, userId: string): Promise<void> {
  await db.execute(sql`insert into file_uploads (file_id, user_id) values (${fileId}, ${userId}) on conflict do nothing`);
}

/**
 * Whether a person may see a file: they uploaded it, or it is attached to a ledger line, count line or
 * custody record of one of their stores, or to a line of a transfer from or to one of them.
 */
function visibleTo(reader: { userId: string; storeIds: string[] | null }): SQL {
  return sql`(exists (select 1 from file_uploads u where u.file_id = f.id and u.user_id = ${reader.userId})
              or exists (select 1 from movement_attachments ma where ma.file_id = f.id and ${storeFilter(reader.storeIds, sql`ma.store_id`)})
              or exists (select 1 from count_line_attachments ca where ca.file_id = f.id and ${storeFilter(reader.storeIds, sql`ca.store_id`)})
              or exists (select 1 from movement_attachments ma
                         join movements mv on mv.id = ma.movement_id
                         join transfer_lines tl on tl.id = mv.transfer_line_id
                         join transfers tr on tr.id = tl.transfer_id
                         where ma.file_id = f.id
                           and (${storeFilter(reader.storeIds, sql`tr.from_store_id`)} or ${storeFilter(reader.storeIds, sql`tr.to_store_id`)}))
              or exists (select 1 from custody_signatures cs join custody c on c.id = cs.custody_id
                         where cs.file_id = f.id and ${storeFilter(reader.storeIds, sql`c.store_id`)}))`;
}

/** A file the reader may see, with its bytes or its thumbnail, as asked. */
export async function findFileFor(
  db: DbOrTx,
  fileId: string,
  reader: { userId: string; storeIds: string[] | null },
  part: 'content' | 'thumb',
): Promise<(FileRow & { bytes: Uint8Array | null }) | undefined> {
  const [row] = await queryRows<FileRow & { bytes: Uint8Array | null }>(
    db,
    sql`select f.id, f.sha256, f.type, f.size, ${part === 'thumb' ? sql`f.thumb` : sql`f.content`} as bytes
        from files f
        where f.id = ${fileId} and ${visibleTo(reader)}`,
  );
  return row;
}

/** Of these files, the ones the reader may see. */
export async function findVisibleFileIds(db: DbOrTx, fileIds: string[], reader: { userId: string; storeIds: string[] | null }) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select f.id from files f where ${uuidIn(sql`f.id`, fileIds)} and ${visibleTo(reader)}`,
  );
  return rows.map((row) => row.id);
}

/** The type of a file the reader may attach, or nothing. */
export async function findVisibleFileType(db: DbOrTx, fileId: string, reader: { userId: string; storeIds: string[] | null }) {
  const [row] = await queryRows<{ type: string }>(db, sql`select f.type from files f where f.id = ${fileId} and ${visibleTo(reader)}`);
  return row?.type;
}

/** The files on these ledger lines, each line's in the order they were attached. */
export async function findLineAttachments(db: DbOrTx, movementIds: string[]) {
  if (movementIds.length === 0) return [];
  return queryRows<{ movement_id: string; file_id: string; type: string }>(
    db,
    sql`select ma.movement_id, ma.file_id, f.type
        from movement_attachments ma join files f on f.id = ma.file_id
        where ${uuidIn(sql`ma.movement_id`, movementIds)}
        order by ma.position`,
  );
}
