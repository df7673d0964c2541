import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { costCodes, jobs } from '../../db/schema';
import { heldByJob, queryRows, queryRowsPrepared, type RowOf, uuidIn } from '../../db/sql';
import { quantityOf } from '../../lib/quantities';

export type JobRow = RowOf<typeof jobs> & { stores: { id: string; name: string }[] };
export type CostCodeRow = Pick<RowOf<typeof costCodes>, 'id' | 'code' | 'name'>;

const selectJobs = sql`select j.*, coalesce((
           select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name, s.id)
           from job_stores js join stores s on s.id = js.store_id where js.job_id = j.id), '[]'::json) as stores
         from jobs j`;

/** The job `j` draws from one of these stores (a keeper's). */
function drawsFromAny(storeIds: string[]): SQL {
  return sql`exists (select 1 from job_stores js where js.job_id = j.id and ${uuidIn(sql`js.store_id`, storeIds)})`;
}

/** Jobs, optionally of one store or within some stores (a keeper's) and open or closed, by code. */
export function findJobRows(
  db: DbOrTx,
  query: { storeIds: string[] | null; storeId?: string; isActive?: boolean; ids?: string[] },
): Promise<JobRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (query.storeIds !== null) conditions.push(drawsFromAny(query.storeIds));
  if (query.storeId) conditions.push(sql`exists (select 1 from job_stores js where js.job_id = j.id and js.store_id = ${query.storeId})`);
  if (query.isActive !== undefined) conditions.push(sql`j.is_active = ${query.isActive}`);
  if (query.ids) conditions.push(uuidIn(sql`j.id`, query.ids));
  return queryRows<JobRow>(db, sql`${selectJobs} where ${sql.join(conditions, sql` and `)} order by lower(j.code), j.id`);
}

export async function insertJob(db: DbOrTx, input: { code: string; name: string; budget: string | null }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into jobs (code, name, budget) values (${input.code}, ${input.name}, ${input.budget}::numeric) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Changes the fields given; whether a job of that id exists. */
export async function updateJobRow(
  db: DbOrTx,
  id: string,
  fields: { code?: string; name?: string; budget?: string | null; isActive?: boolean },
): Promise<boolean> {
  const assignments = [
    sql`id = id`,
    ...(fields.code !== undefined ? [sql`code = ${fields.code}`] : []),
    ...(fields.name !== undefined ? [sql`name = ${fields.name}`] : []),
    ...(fields.budget !== undefined ? [sql`budget = ${fields.budget}::numeric`] : []),
    ...(fields.isActive !== undefined ? [sql`is_active = ${fields.isActive}`] : []),
  ];
  const rows = await queryRows<{ id: string }>(db, sql`update jobs set ${sql.join(assignments, sql`, `)} where id = ${id} returning id`);
  return rows.length > 0;
}

/** Sets a job's stores to exactly these. */
export async function setJobStores(db: DbOrTx, jobId: string, storeIds: string[]): Promise<void> {
  await db.execute(sql`delete from job_stores where job_id = ${jobId} and not (${uuidIn(sql`store_id`, storeIds)})`);
  await db.execute(
    sql`insert into job_stores (job_id, store_id)
        select ${jobId}, s.id from stores s where ${uuidIn(sql`s.id`, storeIds)}
        on conflict do nothing`,
  );
}

/** How many of these stores exist. */
export async function countStores(db: DbOrTx, storeIds: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores where ${uuidIn(sql`id`, storeIds)}`);
  return row?.n ?? 0;
}

export function findCostCodeRows(db: DbOrTx, code?: string): Promise<CostCodeRow[]> {
  return queryRows<CostCodeRow>(
    db,
    sql`select id, code, name from cost_codes ${code === undefined ? sql`` : sql`where lower(code) = lower(${code})`} order by code, id`,
  );
}

export async function insertCostCode(db: DbOrTx, input: { code: string; name: string }): Promise<CostCodeRow> {
  const [row] = await queryRows<CostCodeRow>(
    db,
    sql`insert into cost_codes (code, name) values (${input.code}, ${input.name}) returning id, code, name`,
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The item's store: its name and whether every issue there names a job. */
export async function findItemStore(
  db: DbOrTx,
  itemId: string,
): Promise<{ store_id: string; store_name: string; require_job: boolean } | undefined> {
  const [row] = await queryRows<{ store_id: string; store_name: string; require_job: boolean }>(
    db,
    sql`select s.id as store_id, s.name as store_name, s.require_job from materials m join stores s on s.id = m.store_id where m.id = ${itemId}`,
  );
  return row;
}

/** Whether a job draws from a store. */
export async function jobDrawsFrom(db: DbOrTx, jobId: string, storeId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from job_stores where job_id = ${jobId} and store_id = ${storeId}`);
  return rows.length > 0;
}

/** What a job holds of an item: issued to it less returned from it. */
export async function findHeldByJob(db: DbOrTx, jobId: string, itemId: string): Promise<number> {
  const [row] = await queryRows<{ held: string }>(db, sql`select ${heldByJob(itemId, jobId)} as held`);
  return row ? quantityOf(row.held) : 0;
}

export type JobCostLineRow = { key: string | null; label: string; value: string; quantity: number | null; unit: string | null };
export type JobCostRow = Pick<RowOf<typeof jobs>, 'id' | 'code' | 'name' | 'budget'> & { lines: JobCostLineRow[] };

/**
 * A job (when the caller's stores see it) and its cost over a range of days, grouped: what its lines
 * charged (the opposite of what they moved in the stores' values), summed per group. One statement:
 * a few milliseconds of work, where a second round trip would be a third of the call.
 */
export async function findJobCost(
  db: DbOrTx,
  query: {
    jobId: string;
    storeIds: string[] | null;
    from?: string;
    to?: string;
    groupBy: 'costCode' | 'material' | 'month' | 'store';
    timeZone: string;
  },
): Promise<JobCostRow | undefined> {
  const conditions: SQL[] = [sql`mv.job_id = ${query.jobId}`];
  if (query.from) conditions.push(sql`mv.occurred_at >= (${query.from}::date::timestamp at time zone ${query.timeZone})`);
  if (query.to) conditions.push(sql`mv.occurred_at < ((${query.to}::date + 1)::timestamp at time zone ${query.timeZone})`);
  const inScope = query.storeIds === null ? sql`` : sql` and ${drawsFromAny(query.storeIds)}`;
  // Each line's group is read from the ledger's job index alone; names are joined to the groups after.
  const group = {
    costCode: {
      by: sql`mv.cost_code_id`,
      key: sql`cc.code`,
      label: sql`coalesce(cc.name, '')`,
      names: sql`left join cost_codes cc on cc.id = g.by`,
    },
    material: { by: sql`mv.item_id`, key: sql`g.by::text`, label: sql`m.name`, names: sql`join materials m on m.id = g.by` },
    month: { by: sql`to_char(mv.occurred_at at time zone ${query.timeZone}, 'YYYY-MM')`, key: sql`g.by`, label: sql`g.by`, names: sql`` },
    store: { by: sql`mv.store_id`, key: sql`g.by::text`, label: sql`s.name`, names: sql`join stores s on s.id = g.by` },
  }[query.groupBy];
  const isByMaterial = query.groupBy === 'material';
  const [row] = await queryRowsPrepared<JobCostRow>(
    db,
    sql`with job as (
          select j.id, j.code, j.name, j.budget from jobs j where j.id = ${query.jobId}${inScope}
        ), g as (
          select ${group.by} as by, -sum(mv.value) as value,
                 sum(case when mv.kind in ('issue', 'damage') then mv.quantity when mv.kind = 'return' then -mv.quantity else 0 end)::float8 as quantity
          from movements mv
          where ${sql.join(conditions, sql` and `)} and exists (select 1 from job)
          group by 1
        ), lines as (
          select ${group.key} as key, ${group.label} as label, g.value::numeric(20, 2)::text as value,
                 ${isByMaterial ? sql`g.quantity` : sql`null::float8`} as quantity, ${isByMaterial ? sql`m.unit` : sql`null::text`} as unit
          from g ${group.names}
        )
        select job.id, job.code, job.name, job.budget,
               coalesce((select json_agg(lines order by lines.key nulls last) from lines), '[]'::json) as lines
        from job`,
  );
  return row;
}

/** Adds cost codes in one statement; their ids. */
export async function insertCostCodes(db: DbOrTx, codes: { code: string; name: string }[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const values = sql.join(
    codes.map((entry) => sql`(${entry.code}, ${entry.name})`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(db, sql`insert into cost_codes (code, name) values ${values} returning id`);
  return rows.map((row) => row.id);
}
