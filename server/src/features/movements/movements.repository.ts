import { type SQL, sql } from 'drizzle-orm';
import { attachmentsOf } from '../../db/attachments-of';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';
import { locationOf } from './locations.repository';
import type { MovementRow } from './movements.presenter';

/** Where a reader of the movements feed stands: the writing transaction and id of the last row it read. */
export type FeedPosition = { tx: string; id: string };

/** The ledger, newest first: who moved how many of what, and when; `from`/`to` are days in the app's time zone. */
export async function findMovementRows(
  db: DbOrTx,
  query: {
    storeIds: string[] | null;
    itemId?: string;
    ids?: string[];
    storeId?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
    timeZone: string;
    /** Read in commit order after this position instead of newest first (the movements feed). */
    after?: FeedPosition;
  },
): Promise<{ rows: (MovementRow & { feed_tx: string })[]; total: number }> {
  const conditions: SQL[] = [storeFilter(query.storeIds, sql`mv.store_id`)];
  const feedTx = sql`coalesce(mv.tx_id, '0'::xid8)`;
  if (query.after) {
    conditions.push(sql`(${feedTx}, mv.id) > (${query.after.tx}::xid8, ${query.after.id}::uuid)`);
    // Only what no transaction still running can land below: a later page never finds an earlier row.
    conditions.push(sql`${feedTx} < pg_snapshot_xmin(pg_current_snapshot())`);
  }
  if (query.itemId) conditions.push(sql`mv.item_id = ${query.itemId}`);
  if (query.ids) conditions.push(uuidIn(sql`mv.id`, query.ids));
  if (query.storeId) conditions.push(sql`mv.store_id = ${query.storeId}`);
  if (query.from) conditions.push(sql`mv.occurred_at >= (${query.from}::date::timestamp at time zone ${query.timeZone})`);
  if (query.to) conditions.push(sql`mv.occurred_at < ((${query.to}::date + 1)::timestamp at time zone ${query.timeZone})`);
  const rows = await queryRows<MovementRow & { feed_tx: string; total: number }>(
    db,
    sql`select mv.id, mv.store_id, s.name as store_name, mv.item_kind, mv.item_id,
               coalesce(m.name, t.name) as item_name, mv.kind, mv.quantity, mv.unit_cost, mv.value, mv.occurred_at, mv.recorded_at,
               mv.entered_quantity, mv.entered_unit, mv.entered_unit_cost, b.batch as batch_name, b.expires_on::text as batch_expires_on,
               mv.actor_id, u.name as actor_name, mv.reason, mv.supplier, mv.delivery_id, mv.reverses_id, mv.count_id,
               rv.id as reversed_by_id, rv.recorded_at as reversed_at, rv.actor_id as reversed_by_actor_id,
               ru.name as reversed_by_actor_name, rv.reason as reversal_reason, mv.worker_id, w.name as worker_name, mv.custody_id,
               mv.transfer_line_id, mv.job_id, j.code as job_code, j.name as job_name, mv.cost_code_id, cc.code as cost_code,
               ${attachmentsOf(sql`mv.id`)} as attachments, ${locationOf(sql`mv.id`)} as location,
               ${feedTx}::text as feed_tx,
               ${query.after ? sql`0` : sql`count(*) over ()::int`} as total
        from movements mv
        join stores s on s.id = mv.store_id
        left join materials m on mv.item_kind = 'material' and m.id = mv.item_id
        left join tools t on mv.item_kind = 'tool' and t.id = mv.item_id
        left join users u on u.id = mv.actor_id
        left join movement_keys rk on rk.reverses_id = mv.id
        left join movements rv on rv.id = rk.id and rv.occurred_at = rk.occurred_at
        left join users ru on ru.id = rv.actor_id
        left join workers w on w.id = mv.worker_id
        left join jobs j on j.id = mv.job_id
        left join cost_codes cc on cc.id = mv.cost_code_id
        left join material_batches b on b.id = mv.batch_id
        where ${sql.join(conditions, sql` and `)}
        order by ${query.after ? sql`${feedTx}, mv.id` : sql`mv.occurred_at desc, mv.recorded_at desc, mv.id`}
        limit ${query.limit} offset ${query.after ? 0 : query.offset}`,
  );
  return { rows, total: query.after ? rows.length : (rows[0]?.total ?? 0) };
}

/** What deciding on a reversal reads of a movement: the line, and the id of its reversal if it has one. */
type ReversibleRow = Pick<
  MovementRow,
  | 'id'
  | 'store_id'
  | 'item_kind'
  | 'item_id'
  | 'kind'
  | 'quantity'
  | 'actor_id'
  | 'recorded_at'
  | 'reverses_id'
  | 'transfer_line_id'
  | 'job_id'
  | 'cost_code_id'
> & { reversed_by_id: string | null; batch_name: string | null };

/** One movement of the caller's stores, with the id of its reversal if it has one. */
export async function findMovementRow(db: DbOrTx, id: string, storeIds: string[] | null): Promise<ReversibleRow | undefined> {
  const [row] = await queryRows<ReversibleRow>(
    db,
    sql`select mv.id, mv.store_id, mv.item_kind, mv.item_id, mv.kind, mv.quantity, mv.actor_id, mv.recorded_at, mv.reverses_id, mv.transfer_line_id,
               mv.job_id, mv.cost_code_id,
               (select rk.id from movement_keys rk where rk.reverses_id = mv.id) as reversed_by_id,
               (select b.batch from material_batches b where b.id = mv.batch_id) as batch_name
        from movements mv
        where mv.id = ${id} and mv.occurred_at = (select occurred_at from movement_keys where id = ${id})
          and ${storeFilter(storeIds, sql`mv.store_id`)}`,
  );
  return row;
}

/**
 * Adds files to a ledger line's attachments, at most `max` in all, in one statement under a lock of
 * the line's key, so two additions at once never pass the limit together. Files already attached are
 * left as they are. Null when the limit would be passed.
 */
export async function addMovementAttachments(
  tx: DbOrTx,
  input: { movementId: string; storeId: string; fileIds: string[]; actorId: string; max: number },
): Promise<{ added: number } | null> {
  await tx.execute(sql`select id from movement_keys where id = ${input.movementId} for no key update`);
  const [row] = await queryRows<{ added: number; fits: boolean }>(
    tx,
    sql`with wanted as (
          select a.file_id, a.ordinal from (values ${sql.join(
            input.fileIds.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
            sql`, `,
          )}) as a(file_id, ordinal)
          where not exists (select 1 from movement_attachments ma where ma.movement_id = ${input.movementId} and ma.file_id = a.file_id)
        ), fits as (
          select (select count(*) from movement_attachments where movement_id = ${input.movementId}) + (select count(*) from wanted)
                 <= ${input.max} as ok
        ), added as (
          insert into movement_attachments (movement_id, file_id, store_id, position, attached_by)
          select ${input.movementId}, file_id, ${input.storeId},
                 (select coalesce(max(position), 0) from movement_attachments where movement_id = ${input.movementId})
                   + row_number() over (order by ordinal),
                 ${input.actorId}
          from wanted where (select ok from fits)
          returning file_id
        )
        select (select count(*)::int from added) as added, (select ok from fits) as fits`,
  );
  return row?.fits ? { added: row.added } : null;
}

/** The files attached to a ledger line, in the order they were attached. */
export async function findMovementAttachments(db: DbOrTx, movementId: string): Promise<{ _id: string; type: string }[]> {
  const [row] = await queryRows<{ attachments: { _id: string; type: string }[] }>(
    db,
    sql`select ${attachmentsOf(sql`${movementId}::uuid`)} as attachments`,
  );
  return row?.attachments ?? [];
}
