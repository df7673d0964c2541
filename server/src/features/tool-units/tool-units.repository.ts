import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { heldBackBy, queryRows, storeFilter, uuidIn } from '../../db/sql';

export type UnitPlanRow = {
  planId: string;
  name: string;
  dueOn: string | null;
  usesLeft: number | null;
  lastResult: 'passed' | 'failed' | null;
  isDue: boolean;
};

export type UnitRow = {
  id: string;
  tool_id: string;
  tool_name: string;
  store_id: string;
  store_name: string;
  serial: string;
  asset_tag: string | null;
  state: string;
  code: string;
  custody_id: string | null;
  holder_id: string | null;
  holder_name: string | null;
  retired_reason: string | null;
  created_at: string | Date;
  plans: UnitPlanRow[];
};

/** A unit's columns with its tool, store, holder and where it stands on each plan (as of `today`). */
function unitSelect(today: string): SQL {
  return sql`select u.id, u.tool_id, t.name as tool_name, u.store_id, s.name as store_name, u.serial, u.asset_tag, u.state, u.code,
                    u.custody_id, c.worker_id as holder_id, w.name as holder_name, u.retired_reason, u.created_at,
                    coalesce((select json_agg(json_build_object('planId', p.plan_id, 'name', sp.name, 'dueOn', p.due_on, 'usesLeft', p.uses_left,
                                                                'lastResult', p.last_result, 'isDue', ${heldBackBy('p', today)})
                                              order by sp.name)
                              from unit_plans p join service_plans sp on sp.id = p.plan_id where p.unit_id = u.id), '[]'::json) as plans
             from tool_units u
             join tools t on t.id = u.tool_id
             join stores s on s.id = u.store_id
             left join custody c on c.id = u.custody_id
             left join workers w on w.id = c.worker_id`;
}

export function findUnitRows(db: DbOrTx, filter: { storeIds: string[] | null; ids?: string[]; toolId?: string; today: string }) {
  const conditions = [storeFilter(filter.storeIds, sql`u.store_id`), sql`t.deleted_at is null`];
  if (filter.ids) conditions.push(uuidIn(sql`u.id`, filter.ids));
  if (filter.toolId) conditions.push(sql`u.tool_id = ${filter.toolId}`);
  return queryRows<UnitRow>(
    db,
    sql`${unitSelect(filter.today)} where ${sql.join(conditions, sql` and `)} order by (u.state = 'retired'), lower(u.serial) limit 2000`,
  );
}

/** Adds a unit to a serial tool, with each of the tool's plans counted from today; the unit's id. */
export async function insertUnit(db: DbOrTx, input: { toolId: string; storeId: string; serial: string; assetTag: string | null }) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with unit as (
          insert into tool_units (tool_id, store_id, serial, asset_tag) values (${input.toolId}, ${input.storeId}, ${input.serial}, ${input.assetTag})
          returning id, created_at
        ), planned as (
          insert into unit_plans (unit_id, plan_id, due_on, uses_left)
          select unit.id, sp.id, (unit.created_at::date + sp.interval_days), sp.interval_uses
          from unit, tool_service_plans tsp join service_plans sp on sp.id = tsp.plan_id where tsp.tool_id = ${input.toolId}
        )
        select id from unit`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Sets a unit retired with its reason; the state it had moved in the retirement's own line. */
export async function setRetiredReason(db: DbOrTx, unitId: string, reason: string): Promise<void> {
  await db.execute(sql`update tool_units set retired_reason = ${reason} where id = ${unitId} and state = 'retired'`);
}

/** A unit's history: the ledger lines that moved it and its services, newest first. */
export function findUnitHistory(db: DbOrTx, unitId: string) {
  return queryRows<{
    at: string | Date;
    type: 'movement' | 'service';
    what: string;
    by: string | null;
    worker: string | null;
    plan: string | null;
    note: string | null;
  }>(
    db,
    sql`select m.occurred_at as at, 'movement' as type, m.kind as what, a.name as by, w.name as worker, null as plan, m.reason as note
        from movement_units mu join movements m on m.id = mu.movement_id
        left join users a on a.id = m.actor_id left join workers w on w.id = m.worker_id
        where mu.unit_id = ${unitId}
        union all
        select us.performed_at, 'service', us.result, a.name, null, sp.name, us.notes
        from unit_services us join service_plans sp on sp.id = us.plan_id left join users a on a.id = us.performed_by
        where us.unit_id = ${unitId}
        order by at desc limit 500`,
  );
}

// ---- Plans ----

export type PlanRow = {
  id: string;
  name: string;
  interval_days: number | null;
  interval_uses: number | null;
  checklist: string[];
  created_at: string | Date;
};

export function findPlans(db: DbOrTx, ids?: string[]): Promise<PlanRow[]> {
  return queryRows<PlanRow>(
    db,
    sql`select id, name, interval_days, interval_uses, checklist, created_at from service_plans
        ${ids ? sql`where ${uuidIn(sql`id`, ids)}` : sql``} order by lower(name)`,
  );
}

export async function insertPlan(
  db: DbOrTx,
  input: { name: string; intervalDays?: number; intervalUses?: number; checklist: string[] },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into service_plans (name, interval_days, interval_uses, checklist)
        values (${input.name}, ${input.intervalDays ?? null}, ${input.intervalUses ?? null}, ${JSON.stringify(input.checklist)}::jsonb)
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Sets the plans a tool follows: its units start on a new plan counted from their creation, and
 * leave a plan it no longer follows.
 */
export async function setToolPlans(db: DbOrTx, toolId: string, planIds: string[]): Promise<void> {
  const ids = `{${planIds.join(',')}}`;
  await db.execute(
    sql`with gone as (
          delete from tool_service_plans where tool_id = ${toolId} and not (plan_id = any(${ids}::uuid[]))
        ), added as (
          insert into tool_service_plans (tool_id, plan_id) select ${toolId}, unnest(${ids}::uuid[]) on conflict do nothing
        ), unit_gone as (
          delete from unit_plans p using tool_units u
          where u.id = p.unit_id and u.tool_id = ${toolId} and not (p.plan_id = any(${ids}::uuid[]))
        )
        insert into unit_plans (unit_id, plan_id, due_on, uses_left)
        select u.id, sp.id, (u.created_at::date + sp.interval_days), sp.interval_uses
        from tool_units u cross join service_plans sp
        where u.tool_id = ${toolId} and sp.id = any(${ids}::uuid[])
        on conflict (unit_id, plan_id) do nothing`,
  );
}

export function findToolPlanIds(db: DbOrTx, toolId: string) {
  return queryRows<{ plan_id: string }>(db, sql`select plan_id from tool_service_plans where tool_id = ${toolId}`);
}

// ---- Services ----

/**
 * Records a service and sets where the unit stands on its plan: due again the interval after the
 * day it was done, its check-outs counted again, the result kept; its keepers may be told again.
 */
export async function insertService(
  db: DbOrTx,
  input: {
    unitId: string;
    planId: string;
    result: 'passed' | 'failed';
    checklist: { item: string; ok: boolean }[];
    notes: string | null;
    performedAt: string;
    performedOn: string;
    performedBy: string;
  },
): Promise<{ stillFailed: boolean }> {
  const [row] = await queryRows<{ still_failed: boolean }>(
    db,
    sql`with service as (
          insert into unit_services (unit_id, plan_id, result, checklist, notes, performed_at, performed_by)
          values (${input.unitId}, ${input.planId}, ${input.result}, ${JSON.stringify(input.checklist)}::jsonb, ${input.notes},
                  ${input.performedAt}::timestamptz, ${input.performedBy})
        ), standing as (
          update unit_plans p set due_on = ${input.performedOn}::date + sp.interval_days, uses_left = sp.interval_uses,
                                  last_result = ${input.result}, notified_due_on = null
          from service_plans sp where sp.id = p.plan_id and p.unit_id = ${input.unitId} and p.plan_id = ${input.planId}
        )
        select exists (select 1 from unit_plans p where p.unit_id = ${input.unitId} and p.plan_id <> ${input.planId}
                         and p.last_result = 'failed') as still_failed`,
  );
  return { stillFailed: (row?.still_failed ?? false) || input.result === 'failed' };
}

// ---- Due soon ----

export type DueRow = UnitRow & {
  plan_id: string;
  plan_name: string;
  plan_checklist: string[];
  due_on: string | null;
  uses_left: number | null;
  is_overdue: boolean;
  is_failed: boolean;
  total: number;
};

/** Units of live tools, not retired or lost, due within `withinDays` of `today`, out of check-outs, or failed: overdue first. */
export function findDueRows(
  db: DbOrTx,
  filter: { storeIds: string[] | null; storeId?: string; withinDays: number; today: string; limit: number; offset: number },
) {
  return queryRows<DueRow>(
    db,
    sql`select d.*, count(*) over ()::int as total from (
          select unit.*, p.plan_id, sp.name as plan_name, sp.checklist as plan_checklist, p.due_on::text as due_on, p.uses_left,
                 coalesce(p.due_on < ${filter.today}::date, false) as is_overdue,
                 coalesce(p.last_result = 'failed', false) as is_failed
          from (${unitSelect(filter.today)}
                where ${storeFilter(filter.storeIds, sql`u.store_id`)} and t.deleted_at is null and u.state not in ('retired', 'lost')
                  ${filter.storeId ? sql`and u.store_id = ${filter.storeId}` : sql``}) unit
          join unit_plans p on p.unit_id = unit.id
          join service_plans sp on sp.id = p.plan_id
          where p.due_on <= ${filter.today}::date + ${filter.withinDays}::int or p.uses_left <= 0 or p.last_result = 'failed'
        ) d
        order by d.is_failed desc, case when d.uses_left <= 0 then ${filter.today}::date else d.due_on::date end nulls last,
                 lower(d.serial), d.plan_name
        limit ${filter.limit} offset ${filter.offset}`,
  );
}

/**
 * Tells each unit's store keepers once per due day of a plan when it falls within `withinDays` of
 * `today` (a conditional UPDATE marks it told, so two processes at once tell once); only `unitIds`
 * or one tool's, when given. How many unit plans it told of.
 */
export async function notifyDueSoon(
  db: DbOrTx,
  input: { today: string; withinDays: number; unitIds?: string[]; toolId?: string },
): Promise<number> {
  const [row] = await queryRows<{ told: number }>(
    db,
    sql`with told as (
          update unit_plans p set notified_due_on = p.due_on
          from tool_units u, tools t, service_plans sp
          where u.id = p.unit_id and t.id = u.tool_id and sp.id = p.plan_id and t.deleted_at is null
            and u.state not in ('retired', 'lost') and p.due_on <= ${input.today}::date + ${input.withinDays}::int
            and p.notified_due_on is distinct from p.due_on
            ${input.unitIds ? sql`and ${uuidIn(sql`u.id`, input.unitIds)}` : sql``}
            ${input.toolId ? sql`and u.tool_id = ${input.toolId}` : sql``}
          returning u.store_id, u.serial, t.name as tool_name, sp.name as plan_name, p.due_on
        ), notified as (
          insert into notifications (user_id, kind, store_id, code, params)
          select us.user_id, 'service', told.store_id, 'serviceDueSoon',
                 jsonb_build_array(told.tool_name, told.serial, told.plan_name, to_char(told.due_on, 'DD/MM/YYYY'), s.name)
          from told join stores s on s.id = told.store_id
          join user_stores us on us.store_id = told.store_id
          join users usr on usr.id = us.user_id and usr.deleted_at is null and usr.role = 'user'
          returning 1
        )
        select count(*)::int as told from told`,
  );
  return row?.told ?? 0;
}

export async function setToolQualification(db: DbOrTx, toolId: string, qualification: string | null): Promise<void> {
  await db.execute(sql`update tools set requires_qualification = ${qualification} where id = ${toolId} and deleted_at is null`);
}

/** The advisory lock the due-soon check runs under: one process at a time checks. */
const DUE_CHECK_LOCK = 4_239_001;

/** Takes the due-soon check's lock for the caller's transaction, unless another process holds it. */
export async function tryDueCheckLock(tx: DbOrTx): Promise<boolean> {
  const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${DUE_CHECK_LOCK}) as taken`);
  return lock?.taken ?? false;
}
