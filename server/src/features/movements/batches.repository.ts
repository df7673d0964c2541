import { UNBATCHED } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter } from '../../db/sql';

/**
 * The batch a material's line moves. `expiresOn` for a line that may bring the batch in new (it must
 * then expire that day if it exists); `today` for a line that may not take an expired batch.
 */
export type BatchMove = { name: string; expiresOn?: string; today?: string };

/** Whether a line of `delta` available units adds a batch that may be new, rather than moving one that exists. */
function mayAddBatch(batch: BatchMove, delta: number): boolean {
  return delta > 0 && batch.expiresOn !== undefined;
}

/**
 * A condition of the movement statement on the material's row: the batch can take the line. One that
 * may be new expires on the day given if it exists; any other exists, holds what the line takes, and
 * for a line that may not take an expired batch has not expired. Read after the caller locked the
 * material's row, so it sees every batch change committed before it.
 */
export function batchTakesLine(materialId: string, batch: BatchMove, delta: number): SQL {
  const sameBatch = sql`b.material_id = ${materialId} and b.batch = ${batch.name}`;
  if (mayAddBatch(batch, delta)) {
    return sql`not exists (select 1 from material_batches b where ${sameBatch} and b.expires_on is distinct from ${batch.expiresOn}::date)`;
  }
  const unexpired = batch.today ? sql` and (b.expires_on is null or b.expires_on >= ${batch.today}::date)` : sql``;
  return sql`exists (select 1 from material_batches b where ${sameBatch} and b.quantity + ${delta}::numeric >= 0${unexpired})`;
}

/** The CTE `batched` of the movement statement: the batch's quantity moved with the counters of `moved`, answering its id. */
export function batchedCte(batch: BatchMove, delta: number): SQL {
  if (mayAddBatch(batch, delta)) {
    return sql`, batched as (
          insert into material_batches (material_id, store_id, batch, expires_on, quantity)
          select id, store_id, ${batch.name}, ${batch.expiresOn}::date, ${delta}::numeric from moved
          on conflict (material_id, batch) do update set quantity = material_batches.quantity + excluded.quantity
          returning id
        )`;
  }
  return sql`, batched as (
          update material_batches b set quantity = b.quantity + ${delta}::numeric
          from moved where b.material_id = moved.id and b.batch = ${batch.name}
          returning b.id
        )`;
}

/** What a refused line's batch was when it was refused: what it holds and when it expires, or null when there is none. */
export function batchStateOf(materialId: SQL, batch: BatchMove | undefined): SQL {
  if (!batch) return sql`null::json`;
  return sql`(select json_build_object('quantity', b.quantity, 'expiresOn', b.expires_on::text) from material_batches b
              where b.material_id = ${materialId} and b.batch = ${batch.name})`;
}
export type BatchState = { quantity: string | number; expiresOn: string | null };

export type BatchRow = { batch: string; expires_on: string | null; quantity: string | number; is_expired: boolean };

/** A material's batches in stock, those that expire first first (UNBATCHED, with no date, last). */
export async function findBatchRows(db: DbOrTx, materialId: string, today: string): Promise<BatchRow[]> {
  return queryRows<BatchRow>(
    db,
    sql`select b.batch, b.expires_on::text as expires_on, b.quantity,
               coalesce(b.expires_on < ${today}::date, false) as is_expired
        from material_batches b
        where b.material_id = ${materialId} and b.quantity > 0
        order by b.expires_on nulls last, b.created_at, b.batch`,
  );
}

/** The batches in stock of live materials of the stores in scope, by material and then as findBatchRows orders them. */
export async function findStockBatchRows(
  db: DbOrTx,
  filter: { storeIds: string[] | null; storeId?: string; today: string; limit: number; offset: number },
): Promise<{ rows: (BatchRow & { material_id: string })[]; total: number }> {
  const rows = await queryRows<BatchRow & { material_id: string; total: number }>(
    db,
    sql`select b.material_id, b.batch, b.expires_on::text as expires_on, b.quantity,
               coalesce(b.expires_on < ${filter.today}::date, false) as is_expired, count(*) over ()::int as total
        from material_batches b join materials m on m.id = b.material_id and m.deleted_at is null
        where b.quantity > 0 and ${storeFilter(filter.storeIds, sql`b.store_id`)}${filter.storeId ? sql` and b.store_id = ${filter.storeId}` : sql``}
        order by b.material_id, b.expires_on nulls last, b.created_at, b.batch
        limit ${filter.limit} offset ${filter.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The batch of the newest issue of a material (to a job, when one is named): where a return goes back to. */
export async function findLastIssuedBatch(db: DbOrTx, materialId: string, jobId: string | undefined): Promise<string | undefined> {
  const [row] = await queryRows<{ batch: string }>(
    db,
    sql`select b.batch from movements mv join material_batches b on b.id = mv.batch_id
        where mv.item_id = ${materialId} and mv.kind = 'issue' and mv.quantity > 0${jobId ? sql` and mv.job_id = ${jobId}` : sql``}
        order by mv.occurred_at desc, mv.recorded_at desc limit 1`,
  );
  return row?.batch;
}

/**
 * Turns a material's expiry tracking on or off under its row's lock. On, what is in stock is put in
 * batch UNBATCHED (no expiry) and every other batch is empty; off, its batches are emptied, as lines
 * then name none. Either way its batches sum to what it has while it tracks expiry.
 */
export async function setTracksExpiry(db: DbOrTx, materialId: string, tracksExpiry: boolean): Promise<void> {
  await db.execute(
    sql`with changed as (
          update materials set tracks_expiry = ${tracksExpiry}, change_version = change_version + 1
          where id = ${materialId} and tracks_expiry <> ${tracksExpiry}
          returning id, store_id, available_quantity
        ), emptied as (
          update material_batches b set quantity = 0 from changed where b.material_id = changed.id and b.batch <> ${UNBATCHED}
        )
        insert into material_batches (material_id, store_id, batch, quantity)
        select id, store_id, ${UNBATCHED}, case when ${tracksExpiry} then available_quantity else 0 end from changed
        on conflict (material_id, batch) do update set quantity = excluded.quantity`,
  );
}

/** A live material's store and units version, within the caller's stores. */
export async function findMaterialScope(
  db: DbOrTx,
  materialId: string,
  storeIds: string[] | null,
): Promise<{ store_id: string; units_version: number; tracks_expiry: boolean } | undefined> {
  const [row] = await queryRows<{ store_id: string; units_version: number; tracks_expiry: boolean }>(
    db,
    sql`select store_id, units_version, tracks_expiry from materials where id = ${materialId} and deleted_at is null and ${storeFilter(storeIds)}`,
  );
  return row;
}

/** A new material's first batch, holding its starting quantity: the id its opening line names. */
export async function insertOpeningBatch(
  db: DbOrTx,
  batch: { materialId: string; storeId: string; name: string; expiresOn: string; quantity: number },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into material_batches (material_id, store_id, batch, expires_on, quantity)
        values (${batch.materialId}, ${batch.storeId}, ${batch.name}, ${batch.expiresOn}::date, ${batch.quantity}::numeric)
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
