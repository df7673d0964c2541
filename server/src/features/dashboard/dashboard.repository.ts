import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter } from '../../db/sql';

/**
 * The dashboard's figures, each from the ledger through its store-and-time index: only the
 * movements of the window are read, store by store, never the whole history.
 */
type Window = { storeIds: string[] | null; since: string; timeZone: string };

/** The stores in scope, as a set the planner joins to the index one store at a time. */
const scopedStores = (storeIds: string[] | null): SQL => sql`select id from stores s where ${storeFilter(storeIds, sql`s.id`)}`;
const startOf = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;

export type TopConsumedRow = { material_id: string; name: string; unit: string; store_name: string; quantity: number };

export function findTopConsumed(db: DbOrTx, window: Window): Promise<TopConsumedRow[]> {
  return queryRows<TopConsumedRow>(
    db,
    sql`select t.item_id as material_id, mat.name, mat.unit, s.name as store_name, t.quantity
        from (select m.item_id, sum(m.quantity)::float8 as quantity
              from movements m
              where m.store_id in (${scopedStores(window.storeIds)}) and m.occurred_at >= ${startOf(window.since, window.timeZone)}
                and m.item_kind = 'material' and m.kind = 'issue'
              group by m.item_id
              order by quantity desc, m.item_id
              limit 10) t
        join materials mat on mat.id = t.item_id
        join stores s on s.id = mat.store_id
        order by t.quantity desc, mat.name`,
  );
}

export type MaterialRow = { id: string; name: string; unit: string; store_id: string };

/** A material in scope (archived ones too: their history still counts). */
export async function findScopedMaterial(db: DbOrTx, storeIds: string[] | null, id: string): Promise<MaterialRow | undefined> {
  const [row] = await queryRows<MaterialRow>(
    db,
    sql`select id, name, unit, store_id from materials where id = ${id} and ${storeFilter(storeIds, sql`store_id`)}`,
  );
  return row;
}

export type WeekRow = { week_start: string; quantity: number };

/** A material's issues in each of the 12 weeks (Monday first, in the time zone) up to and including this one. */
export function findWeeklyIssues(db: DbOrTx, material: MaterialRow, today: string, timeZone: string): Promise<WeekRow[]> {
  return queryRows<WeekRow>(
    db,
    sql`with weeks as (
          select generate_series(date_trunc('week', ${today}::date) - interval '11 weeks', date_trunc('week', ${today}::date), interval '1 week') as week
        )
        select to_char(w.week, 'YYYY-MM-DD') as week_start, coalesce(sum(m.quantity), 0)::float8 as quantity
        from weeks w
        left join movements m on m.store_id = ${material.store_id} and m.item_id = ${material.id}
          and m.item_kind = 'material' and m.kind = 'issue'
          and m.occurred_at >= (w.week at time zone ${timeZone}) and m.occurred_at < ((w.week + interval '1 week') at time zone ${timeZone})
        group by w.week
        order by w.week`,
  );
}

export type DamageRow = { store_id: string; store_name: string; issued: number; damaged: number };

/** Per store in scope with any issue or damage of materials in the window. */
export function findDamageShare(db: DbOrTx, window: Window): Promise<DamageRow[]> {
  return queryRows<DamageRow>(
    db,
    sql`select s.id as store_id, s.name as store_name,
          coalesce(sum(m.quantity) filter (where m.kind = 'issue'), 0)::float8 as issued,
          coalesce(sum(m.quantity) filter (where m.kind = 'damage'), 0)::float8 as damaged
        from stores s
        join movements m on m.store_id = s.id and m.occurred_at >= ${startOf(window.since, window.timeZone)}
          and m.item_kind = 'material' and m.kind in ('issue', 'damage')
        where ${storeFilter(window.storeIds, sql`s.id`)}
        group by s.id, s.name
        order by s.name, s.id`,
  );
}

export type StoreValueRow = { store_id: string; store_name: string; value: string };

/** What each store's stock is worth now: the sum of its materials' values, each equal to its ledger lines' sum. */
export function findStockValues(db: DbOrTx, storeIds: string[] | null): Promise<StoreValueRow[]> {
  return queryRows<StoreValueRow>(
    db,
    sql`select s.id as store_id, s.name as store_name, coalesce(sum(m.stock_value), 0)::numeric(20, 2)::text as value
        from stores s left join materials m on m.store_id = s.id
        where ${storeFilter(storeIds, sql`s.id`)}
        group by s.id, s.name
        order by sum(m.stock_value) desc nulls last, s.name
        limit 20`,
  );
}

export type JobValueRow = { job_id: string; code: string; name: string; month_value: string; total_value: string; budget: string | null };

/**
 * The open jobs drawing from the stores in scope, the most charged this month first (10 at most):
 * this month's charges read from the month's movements of those stores, then all of each chosen job's
 * charges in those stores from the job index alone.
 */
export function findJobValues(db: DbOrTx, storeIds: string[] | null, monthStart: string, timeZone: string): Promise<JobValueRow[]> {
  return queryRows<JobValueRow>(
    db,
    sql`with month as (
          select mv.job_id, -sum(mv.value) as value
          from movements mv
          where mv.store_id in (${scopedStores(storeIds)}) and mv.occurred_at >= ${startOf(monthStart, timeZone)} and mv.job_id is not null
          group by mv.job_id
        ), chosen as (
          select j.id, j.code, j.name, j.budget, coalesce(m.value, 0) as month_value
          from jobs j left join month m on m.job_id = j.id
          where j.is_active and exists (select 1 from job_stores js where js.job_id = j.id and js.store_id in (${scopedStores(storeIds)}))
          order by coalesce(m.value, 0) desc, j.code
          limit 10
        )
        select c.id as job_id, c.code, c.name, c.budget::text as budget, c.month_value::numeric(20, 2)::text as month_value,
               (select coalesce(-sum(mv.value), 0) from movements mv
                where mv.job_id = c.id and mv.store_id in (${scopedStores(storeIds)}))::numeric(20, 2)::text as total_value
        from chosen c
        order by c.month_value desc, c.code`,
  );
}
