import type { FileType } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { materials, stockCountLines, stockCounts } from '../../db/schema';
import { counterEffect, queryRows, type RowOf, storeFilter, uuidIn } from '../../db/sql';

export type ItemKind = 'material' | 'tool';
const TABLES: Record<ItemKind, SQL> = { material: sql`materials`, tool: sql`tools` };

export type CountRow = Pick<
  RowOf<typeof stockCounts>,
  'id' | 'store_id' | 'item_kind' | 'status' | 'created_at' | 'created_by' | 'submitted_at' | 'closed_at' | 'closed_by'
> & {
  store_name: string;
  created_by_name: string | null;
  closed_by_name: string | null;
  tolerance_percent: number;
  line_count: number;
  counted_count: number;
};

export type CountLineRow = Pick<RowOf<typeof stockCountLines>, 'item_id' | 'counted' | 'expected' | 'counted_at' | 'counted_by'> & {
  name: string;
  unit: string;
  decimals: number;
  tracks_expiry: boolean;
  counted_by_name: string | null;
  movements_since: number;
  moved_since: number | null;
  reason: string | null;
  attachments: { _id: string; type: FileType }[];
  /** A material kept by batch counted batch by batch; null otherwise. */
  batches: CountedBatch[] | null;
};

/** One batch of a counted line: what was counted, and what it held when the line was entered. */
export type CountedBatch = { batch: string; expiresOn: string | null; counted: number; expected: number };

function countSelect(where: SQL): SQL {
  return sql`select c.id, c.store_id, s.name as store_name, c.item_kind, c.status, c.created_at, c.created_by, cu.name as created_by_name,
                    c.submitted_at, c.closed_at, c.closed_by, xu.name as closed_by_name, s.count_tolerance_percent as tolerance_percent,
                    (select count(*) from stock_count_lines l where l.count_id = c.id)::int as line_count,
                    (select count(*) from stock_count_lines l where l.count_id = c.id and l.counted is not null)::int as counted_count
             from stock_counts c
             join stores s on s.id = c.store_id
             left join users cu on cu.id = c.created_by
             left join users xu on xu.id = c.closed_by
             where ${where}`;
}

/** Starts a count of `itemIds` (every live item of the kind when null) and returns its id and how many lines it has. */
export async function insertCount(
  tx: DbOrTx,
  input: { storeId: string; itemKind: ItemKind; itemIds: string[] | null; userId: string },
): Promise<{ id: string; lines: number }> {
  const [count] = await queryRows<Pick<RowOf<typeof stockCounts>, 'id'>>(
    tx,
    sql`insert into stock_counts (store_id, item_kind, created_by) values (${input.storeId}, ${input.itemKind}, ${input.userId}) returning id`,
  );
  if (!count) throw new Error('insert returned no row');
  const chosen = input.itemIds ? sql`and ${uuidIn(sql`i.id`, input.itemIds)}` : sql``;
  const [lines] = await queryRows<{ n: number }>(
    tx,
    sql`with added as (
          insert into stock_count_lines (count_id, item_id)
          select ${count.id}, i.id from ${TABLES[input.itemKind]} i
          where i.store_id = ${input.storeId} and i.deleted_at is null ${chosen}
          returning 1
        ) select count(*)::int as n from added`,
  );
  return { id: count.id, lines: lines?.n ?? 0 };
}

/** The items of a kind among `itemIds` that are already in an open count, by name. */
export async function findBusyItemNames(tx: DbOrTx, itemKind: ItemKind, storeId: string, itemIds: string[] | null): Promise<string[]> {
  const chosen = itemIds ? sql`and ${uuidIn(sql`i.id`, itemIds)}` : sql``;
  const rows = await queryRows<Pick<RowOf<typeof materials>, 'name'>>(
    tx,
    sql`select i.name from ${TABLES[itemKind]} i join stock_count_lines l on l.item_id = i.id and l.is_open
        where i.store_id = ${storeId} ${chosen} order by lower(i.name) limit 3`,
  );
  return rows.map((row) => row.name);
}

export async function findCountRows(
  db: DbOrTx,
  query: { storeIds: string[] | null; storeId?: string; ids?: string[]; limit: number; offset: number },
): Promise<{ rows: CountRow[]; total: number }> {
  const conditions = [storeFilter(query.storeIds, sql`c.store_id`)];
  if (query.storeId) conditions.push(sql`c.store_id = ${query.storeId}`);
  if (query.ids) conditions.push(uuidIn(sql`c.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<CountRow & { total: number }>(
    db,
    sql`${countSelect(where)} order by c.created_at desc, c.id limit ${query.limit} offset ${query.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_counts c where ${where}`);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * A count's lines by item name. What moved since a line was counted is the item's available
 * quantity now minus the balance it was counted against, less this count's own adjustment.
 */
export async function findCountLines(db: DbOrTx, countId: string, itemKind: ItemKind, itemId?: string): Promise<CountLineRow[]> {
  const unit = itemKind === 'material' ? sql`i.unit` : sql`''`;
  const decimals = itemKind === 'material' ? sql`i.decimals` : sql`0`;
  const tracksExpiry = itemKind === 'material' ? sql`i.tracks_expiry` : sql`false`;
  return queryRows<CountLineRow>(
    db,
    sql`select l.item_id, i.name, ${unit} as unit, ${decimals} as decimals, ${tracksExpiry} as tracks_expiry, l.counted, l.expected, l.counted_at, l.counted_by, u.name as counted_by_name,
               (select count(*) from movements mv
                where mv.item_id = l.item_id and mv.recorded_at > l.counted_at and mv.count_id is distinct from l.count_id)::int as movements_since,
               case when l.expected is null then null else
                 i.available_quantity - l.expected
                 - coalesce((select sum(${counterEffect('available_quantity', 'mv')}) from movements mv
                             where mv.item_id = l.item_id and mv.count_id = l.count_id), 0)::int
               end as moved_since,
               (select mv.reason from movements mv where mv.item_id = l.item_id and mv.count_id = l.count_id limit 1) as reason,
               (select coalesce(json_agg(json_build_object('_id', f.id, 'type', f.type) order by a.position), '[]'::json)
                from count_line_attachments a join files f on f.id = a.file_id
                where a.count_id = l.count_id and a.item_id = l.item_id) as attachments,
               (select json_agg(json_build_object('batch', b.batch, 'expiresOn', b.expires_on::text, 'counted', b.counted, 'expected', b.expected)
                                order by b.expires_on nulls last, b.batch)
                from stock_count_line_batches b where b.count_id = l.count_id and b.item_id = l.item_id) as batches
        from stock_count_lines l
        join ${TABLES[itemKind]} i on i.id = l.item_id
        left join users u on u.id = l.counted_by
        where l.count_id = ${countId} ${itemId ? sql`and l.item_id = ${itemId}` : sql``}
        order by lower(i.name), i.id`,
  );
}

/**
 * Enters a counted quantity in one statement: the item's row is locked (as a movement locks it), so
 * the balance stamped beside the count is exactly the one every later movement starts from. Nothing
 * is written unless the count is counting, in the caller's stores, and names the item.
 */
export async function updateCountLine(
  tx: DbOrTx,
  input: { countId: string; itemId: string; itemKind: ItemKind; counted: number; userId: string; storeIds: string[] | null },
): Promise<boolean> {
  const rows = await queryRows<Pick<RowOf<typeof stockCountLines>, 'item_id'>>(
    tx,
    sql`with item as (
          select id, available_quantity from ${TABLES[input.itemKind]} where id = ${input.itemId} for update
        )
        update stock_count_lines l
        set counted = ${input.counted}, expected = item.available_quantity, counted_at = clock_timestamp(), counted_by = ${input.userId}
        from item, stock_counts c
        where l.count_id = ${input.countId} and l.item_id = item.id and c.id = l.count_id and c.status = 'counting'
          and ${storeFilter(input.storeIds, sql`c.store_id`)}
        returning l.item_id`,
  );
  return rows.length > 0;
}

/** Moves a count from one status to another, once: of two callers at the same moment one gets true. */
export async function changeCountStatus(
  tx: DbOrTx,
  input: { countId: string; from: CountRow['status'][]; to: CountRow['status']; userId: string },
): Promise<boolean> {
  const closing = input.to === 'posted' || input.to === 'cancelled';
  const from = sql.join(
    input.from.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await queryRows<Pick<RowOf<typeof stockCounts>, 'id'>>(
    tx,
    sql`update stock_counts set status = ${input.to},
               submitted_at = ${input.to === 'submitted' ? sql`now()` : sql`submitted_at`},
               closed_at = ${closing ? sql`now()` : sql`closed_at`},
               closed_by = ${closing ? sql`${input.userId}::uuid` : sql`closed_by`}
        where id = ${input.countId} and status in (${from})
        returning id`,
  );
  if (rows.length > 0 && closing) {
    await tx.execute(sql`update stock_count_lines set is_open = false where count_id = ${input.countId}`);
  }
  return rows.length > 0;
}

/**
 * Adds photos to a count line, at most `max` on the line, in one statement: a file already on the line
 * is not added twice. Null when they would not fit.
 */
export async function addCountLineAttachments(
  tx: DbOrTx,
  input: { countId: string; itemId: string; storeId: string; fileIds: string[]; actorId: string; max: number },
): Promise<{ added: number } | null> {
  const line = sql`a.count_id = ${input.countId} and a.item_id = ${input.itemId}`;
  const [row] = await queryRows<{ added: number; fits: boolean }>(
    tx,
    sql`with wanted as (
          select w.file_id, w.ordinal from (values ${sql.join(
            input.fileIds.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
            sql`, `,
          )}) as w(file_id, ordinal)
          where not exists (select 1 from count_line_attachments a where ${line} and a.file_id = w.file_id)
        ), fits as (
          select (select count(*) from count_line_attachments a where ${line}) + (select count(*) from wanted) <= ${input.max} as ok
        ), added as (
          insert into count_line_attachments (count_id, item_id, file_id, store_id, position, attached_by)
          select ${input.countId}, ${input.itemId}, file_id, ${input.storeId},
                 (select coalesce(max(position), 0) from count_line_attachments a where ${line}) + row_number() over (order by ordinal),
                 ${input.actorId}
          from wanted where (select ok from fits)
          returning file_id
        )
        select (select count(*)::int from added) as added, (select ok from fits) as fits`,
  );
  return row?.fits ? { added: row.added } : null;
}

/**
 * Replaces what a counted line of a material kept by batch says of each batch: the batches entered,
 * each beside what it holds now, and every other batch in stock counted as none. Runs after the
 * line's entry locked the material's row, so the batches hold what its `expected` was read from.
 * Answers the batches entered that the material does not have and that name no expiry.
 */
export async function replaceCountedBatches(
  tx: DbOrTx,
  line: { countId: string; itemId: string; batches: { batch: string; counted: number; expiresOn?: string }[] },
): Promise<string[]> {
  await tx.execute(sql`delete from stock_count_line_batches where count_id = ${line.countId} and item_id = ${line.itemId}`);
  const entered = JSON.stringify(
    line.batches.map((row) => ({ batch: row.batch, counted: row.counted, expires_on: row.expiresOn ?? null })),
  );
  const rows = await queryRows<{ batch: string }>(
    tx,
    sql`with entered as (
          select * from jsonb_to_recordset(${entered}::jsonb) as e(batch text, counted numeric, expires_on date)
        ), known as (
          select batch, expires_on, quantity from material_batches where material_id = ${line.itemId}
        ), counted as (
          insert into stock_count_line_batches (count_id, item_id, batch, expires_on, counted, expected)
          select ${line.countId}::uuid, ${line.itemId}::uuid, e.batch, coalesce(k.expires_on, e.expires_on), e.counted, coalesce(k.quantity, 0)
          from entered e left join known k on k.batch = e.batch
          union all
          select ${line.countId}::uuid, ${line.itemId}::uuid, k.batch, k.expires_on, 0, k.quantity
          from known k where k.quantity > 0 and not exists (select 1 from entered e where e.batch = k.batch)
        )
        select e.batch from entered e
        where e.expires_on is null and e.counted > 0 and not exists (select 1 from known k where k.batch = e.batch)`,
  );
  return rows.map((row) => row.batch);
}

/** Forgets what a counted line said of each batch (entered again as a quantity alone). */
export async function clearCountedBatches(tx: DbOrTx, countId: string, itemId: string): Promise<void> {
  await tx.execute(sql`delete from stock_count_line_batches where count_id = ${countId} and item_id = ${itemId}`);
}
