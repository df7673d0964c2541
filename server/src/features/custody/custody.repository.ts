import { type SQL, sql } from 'drizzle-orm';
import { filesOnLines } from '../../db/attachments-of';
import type { DbOrTx } from '../../db/client';
import type { custody, stores } from '../../db/schema';
import { instantAt, queryRows, type RowOf, storeFilter, uuidIn } from '../../db/sql';

export type CustodyRow = Pick<
  RowOf<typeof custody>,
  'id' | 'store_id' | 'tool_id' | 'worker_id' | 'quantity' | 'outstanding' | 'due_at' | 'issued_by' | 'issued_at' | 'closed_at'
> & {
  store_name: string;
  tool_name: string;
  worker_name: string;
  worker_trade: string;
  returned_good: number;
  returned_damaged: number;
  lost: number;
  is_overdue: boolean;
  days_overdue: number;
  issued_by_name: string | null;
  units: { _id: string; serial: string }[] | null;
  service_due: boolean;
  signatures:
    | {
        event: 'handover' | 'return';
        fileId: string;
        workerName: string;
        signedAt: string;
        signedBy: string | null;
        signedByName: string | null;
      }[]
    | null;
  photos: { _id: string; type: string }[];
};

export type CustodyFilter = {
  storeIds: string[] | null;
  storeId?: string;
  status?: 'open' | 'overdue' | 'closed';
  workerId?: string;
  toolId?: string;
  ids?: string[];
  limit: number;
  offset: number;
  timeZone: string;
};

const STATUS: Record<NonNullable<CustodyFilter['status']>, SQL> = {
  open: sql`c.outstanding > 0`,
  overdue: sql`c.outstanding > 0 and c.due_at < now()`,
  closed: sql`c.outstanding = 0`,
};

/**
 * Custody records of the caller's stores with their tool's and worker's names, what came back of
 * each and how, and how many days past the due day (in the app's time zone) the open ones are:
 * open ones first, the longest overdue first; closed ones after, the latest first.
 */
export async function findCustodyRows(db: DbOrTx, filter: CustodyFilter): Promise<{ rows: CustodyRow[]; total: number }> {
  const conditions: SQL[] = [storeFilter(filter.storeIds, sql`c.store_id`)];
  if (filter.storeId) conditions.push(sql`c.store_id = ${filter.storeId}`);
  if (filter.status) conditions.push(STATUS[filter.status]);
  if (filter.workerId) conditions.push(sql`c.worker_id = ${filter.workerId}`);
  if (filter.toolId) conditions.push(sql`c.tool_id = ${filter.toolId}`);
  if (filter.ids) conditions.push(uuidIn(sql`c.id`, filter.ids));
  const rows = await queryRows<CustodyRow & { total: number }>(
    db,
    sql`select c.id, c.store_id, s.name as store_name, c.tool_id, t.name as tool_name, c.worker_id, w.name as worker_name,
               w.trade as worker_trade, c.quantity, c.outstanding, c.due_at, c.issued_by, u.name as issued_by_name, c.issued_at, c.closed_at,
               coalesce(back.good, 0) as returned_good, coalesce(back.damaged, 0) as returned_damaged, coalesce(back.lost, 0) as lost,
               (c.outstanding > 0 and c.due_at < now()) as is_overdue,
               case when c.outstanding > 0 and c.due_at < now()
                    then greatest(0, (now() at time zone ${filter.timeZone})::date - (c.due_at at time zone ${filter.timeZone})::date)
                    else 0 end as days_overdue,
               out_units.units, coalesce(out_units.service_due, false) as service_due,
               (select json_agg(json_build_object('event', cs.event, 'fileId', cs.file_id, 'workerName', cs.worker_name,
                                                  'signedAt', cs.signed_at, 'signedBy', cs.signed_by, 'signedByName', su.name)
                                order by cs.signed_at, cs.id)
                  from custody_signatures cs left join users su on su.id = cs.signed_by where cs.custody_id = c.id) as signatures,
               ${filesOnLines(sql`select mv.id from movements mv where mv.custody_id = c.id`)} as photos,
               count(*) over ()::int as total
        from custody c
        join stores s on s.id = c.store_id
        join tools t on t.id = c.tool_id
        join workers w on w.id = c.worker_id
        left join users u on u.id = c.issued_by
        left join lateral (
          select sum(mv.quantity) filter (where mv.kind = 'checkin')::int as good,
                 sum(mv.quantity) filter (where mv.kind = 'damaged_return')::int as damaged,
                 sum(mv.quantity) filter (where mv.kind = 'loss')::int as lost
          from movements mv where mv.custody_id = c.id
        ) back on true
        left join lateral (
          -- A serial tool's units still out on it, and whether one fell due for service meanwhile.
          select json_agg(json_build_object('_id', tu.id, 'serial', tu.serial) order by tu.serial) as units,
                 bool_or(exists (select 1 from unit_plans p where p.unit_id = tu.id
                                   and (p.due_on <= (now() at time zone ${filter.timeZone})::date or p.uses_left <= 0))) as service_due
          from tool_units tu where tu.custody_id = c.id
        ) out_units on true
        where ${sql.join(conditions, sql` and `)}
        order by (c.outstanding > 0) desc, case when c.outstanding > 0 then c.due_at end asc, c.closed_at desc, c.id
        limit ${filter.limit} offset ${filter.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** A due time, as the custody statements take it. */
export type DueTime = SQL;

/**
 * The end of a store's working day on `day` (or today, moved to tomorrow once it has passed), as
 * an instant: the last "HH:MM" of its opening hours ("07:00-17:00"), or 17:00 when they name none.
 * "Today" is the day of `at` (an instant) when given, else of now.
 */
export function endOfWorkingDay(openingHours: string, timeZone: string, day?: string, at?: string): DueTime {
  const asOf = at ? instantAt(at) : sql`now()`;
  const times = [...openingHours.matchAll(/(\d{1,2})[:.](\d{2})/g)];
  const last = times.at(-1);
  const hours = last ? Math.min(23, Number(last[1])) : 17;
  const minutes = last ? Math.min(59, Number(last[2])) : 0;
  const time = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  if (day) return sql`((${day}::date + ${time}::time) at time zone ${timeZone})`;
  const today = sql`(((${asOf} at time zone ${timeZone})::date + ${time}::time) at time zone ${timeZone})`;
  return sql`(case when ${today} > ${asOf} then ${today} else ${today} + interval '1 day' end)`;
}

/** Opens a custody record for the whole quantity; returns its id. */
export async function insertCustody(
  tx: DbOrTx,
  values: { storeId: string; toolId: string; workerId: string; quantity: number; dueAt: DueTime; issuedBy: string; issuedAt?: string },
): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof custody>, 'id'>>(
    tx,
    sql`insert into custody (store_id, tool_id, worker_id, quantity, outstanding, due_at, issued_by, issued_at)
        values (${values.storeId}, ${values.toolId}, ${values.workerId}, ${values.quantity}, ${values.quantity}, ${values.dueAt},
                ${values.issuedBy}, ${values.issuedAt ? instantAt(values.issuedAt) : sql`now()`})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Takes `back` units off a record's outstanding in one conditional statement (closing it at zero):
 * of two returns that together exceed what is out, one is refused. Undefined when nothing changed.
 */
export async function takeBack(
  tx: DbOrTx,
  input: { id: string; back: number; storeIds: string[] | null },
): Promise<{ tool_id: string; worker_id: string; store_id: string } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof custody>, 'tool_id' | 'worker_id' | 'store_id'>>(
    tx,
    sql`update custody set outstanding = outstanding - ${input.back},
               closed_at = case when outstanding - ${input.back} = 0 then now() else null end
        where id = ${input.id} and ${storeFilter(input.storeIds)} and outstanding >= ${input.back}
        returning tool_id, worker_id, store_id`,
  );
  return row;
}

/** Moves an open record's due time; false when there is no such open record of the caller's. */
export async function setDueAt(
  tx: DbOrTx,
  input: { id: string; dueAt: DueTime; storeIds: string[] | null },
): Promise<string | Date | undefined> {
  const [row] = await queryRows<{ before: string | Date }>(
    tx,
    sql`update custody c set due_at = ${input.dueAt}
        from (select id, due_at as before from custody where id = ${input.id} for update) old
        where c.id = old.id and ${storeFilter(input.storeIds, sql`c.store_id`)} and c.outstanding > 0
        returning old.before`,
  );
  return row?.before;
}

/** The opening hours of a store, for due times. */
export async function findOpeningHours(db: DbOrTx, storeId: string): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof stores>, 'opening_hours'>>(
    db,
    sql`select opening_hours from stores where id = ${storeId}`,
  );
  return row?.opening_hours ?? '';
}

/** Keeps a worker's signature on a custody record, for the line it signs for. */
export async function insertCustodySignature(
  tx: DbOrTx,
  values: {
    custodyId: string;
    event: 'handover' | 'return';
    movementId: string;
    fileId: string;
    workerId: string;
    signedBy: string;
    signedAt?: SQL;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into custody_signatures (custody_id, event, movement_id, file_id, worker_id, worker_name, signed_by, signed_at)
        select ${values.custodyId}, ${values.event}, ${values.movementId}, ${values.fileId}, w.id, w.name, ${values.signedBy},
               ${values.signedAt ?? sql`now()`}
        from workers w where w.id = ${values.workerId}`,
  );
}

/** Whether a store asks for the worker's signature at a hand-over and a return, read in the caller's transaction. */
export async function storeAsksSignature(tx: DbOrTx, storeId: string): Promise<boolean> {
  const [row] = await queryRows<{ asks: boolean }>(tx, sql`select signature_on_handover as asks from stores where id = ${storeId}`);
  return row?.asks ?? false;
}

export type CustodyEventRow = {
  id: string;
  kind: string;
  quantity: number;
  occurred_at: string | Date;
  actor_name: string | null;
  reason: string | null;
};

/** What happened on a custody record, as its ledger lines say, oldest first. */
export function findCustodyEvents(db: DbOrTx, custodyId: string): Promise<CustodyEventRow[]> {
  return queryRows<CustodyEventRow>(
    db,
    sql`select mv.id, mv.kind, mv.quantity, mv.occurred_at, u.name as actor_name, mv.reason
        from movements mv left join users u on u.id = mv.actor_id
        where mv.custody_id = ${custodyId}
        order by mv.occurred_at, mv.recorded_at, mv.id`,
  );
}
