import { type SQL, sql } from 'drizzle-orm';

/** A ledger line's attachments as a JSON array of `{_id, type}`, in the order they were attached. */
export function attachmentsOf(movementId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('_id', f.id, 'type', f.type) order by ma.position), '[]'::json)
              from movement_attachments ma join files f on f.id = ma.file_id where ma.movement_id = ${movementId})`;
}
