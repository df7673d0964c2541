import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter } from '../../db/sql';

export type QualificationRow = { id: string; worker_id: string; name: string; expires_on: string | null; is_valid: boolean };

/** Whether a worker holds the named qualification (any case) valid on `today`: no end, or ending today or later. */
export async function holdsQualification(db: DbOrTx, workerId: string, name: string, today: string): Promise<boolean> {
  const [row] = await queryRows<{ holds: boolean }>(
    db,
    sql`select exists (select 1 from worker_qualifications q
                       where q.worker_id = ${workerId} and lower(q.name) = lower(${name})
                         and (q.expires_on is null or q.expires_on >= ${today}::date)) as holds`,
  );
  return row?.holds ?? false;
}

export function findQualifications(db: DbOrTx, workerId: string, today: string): Promise<QualificationRow[]> {
  return queryRows<QualificationRow>(
    db,
    sql`select id, worker_id, name, expires_on::text as expires_on, (expires_on is null or expires_on >= ${today}::date) as is_valid
        from worker_qualifications where worker_id = ${workerId} order by lower(name), expires_on desc nulls first`,
  );
}

export async function insertQualification(db: DbOrTx, input: { workerId: string; name: string; expiresOn?: string }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into worker_qualifications (worker_id, name, expires_on) values (${input.workerId}, ${input.name}, ${input.expiresOn ?? null}::date)
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Deletes a qualification of a worker in the caller's stores; the deleted row, if there was one. */
export async function deleteQualification(db: DbOrTx, id: string, storeIds: string[] | null): Promise<QualificationRow | undefined> {
  const [row] = await queryRows<QualificationRow>(
    db,
    sql`delete from worker_qualifications q using workers w
        where q.id = ${id} and w.id = q.worker_id and ${storeFilter(storeIds, sql`w.store_id`)}
        returning q.id, q.worker_id, q.name, q.expires_on::text as expires_on, true as is_valid`,
  );
  return row;
}
