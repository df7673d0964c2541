import { type SQL, sql } from 'drizzle-orm';

/** A ledger line's attachments as a JSON array of `{_id, type}`, in the order they were attached. */
export function attachmentsOf(movementId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('_id', f.id, 'type', f.type) order by ma.position), '[]'::json)
              from movement_attachments ma join files f on f.id = ma.file_id where ma.movement_id = ${movementId})`;
}

/**
 * The files on several ledger lines of one record (`lineIds` selects their ids) as a JSON array of
 * `{_id, type}`: each file once, in the order it was first attached.
 */
export function filesOnLines(lineIds: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('_id', first.file_id, 'type', first.type) order by first.movement_id, first.position),
                              '[]'::json)
              from (select distinct on (ma.file_id) ma.file_id, f.type, ma.movement_id, ma.position
                    from movement_attachments ma join files f on f.id = ma.file_id
                    where ma.movement_id in (${lineIds})
                    order by ma.file_id, ma.movement_id, ma.position) first)`;
}
