import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { tools, workers } from '../../db/schema';
import { containsPattern, queryRows, type RowOf, storeFilter, uuidIn } from '../../db/sql';

export type WorkerRow = Pick<RowOf<typeof workers>, 'id' | 'store_id' | 'name' | 'trade' | 'phone' | 'is_active' | 'created_at'> & {
  store_name: string;
  holding: number;
};

function workerSelect(where: SQL): SQL {
  return sql`select w.id, w.store_id, s.name as store_name, w.name, w.trade, w.phone, w.is_active, w.created_at,
                    coalesce((select sum(c.outstanding) from custody c where c.worker_id = w.id and c.outstanding > 0), 0)::int as holding
             from workers w join stores s on s.id = w.store_id
             where ${where}`;
}

/** Workers of the caller's stores by name; active only unless asked. */
export async function findWorkerRows(
  db: DbOrTx,
  query: {
    storeIds: string[] | null;
    storeId?: string;
    q?: string;
    includeInactive: boolean;
    ids?: string[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: WorkerRow[]; total: number }> {
  const conditions: SQL[] = [storeFilter(query.storeIds, sql`w.store_id`)];
  if (query.storeId) conditions.push(sql`w.store_id = ${query.storeId}`);
  if (!query.includeInactive) conditions.push(sql`w.is_active`);
  if (query.q) conditions.push(sql`(w.name ilike ${containsPattern(query.q)} or w.trade ilike ${containsPattern(query.q)})`);
  if (query.ids) conditions.push(uuidIn(sql`w.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<WorkerRow & { total: number }>(
    db,
    sql`select *, count(*) over ()::int as total from (${workerSelect(where)}) x
        order by is_active desc, lower(name), id limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function insertWorker(tx: DbOrTx, values: { storeId: string; name: string; trade: string; phone: string }): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof workers>, 'id'>>(
    tx,
    sql`insert into workers (store_id, name, trade, phone) values (${values.storeId}, ${values.name}, ${values.trade}, ${values.phone}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A worker of the caller's stores, locked until the transaction ends: a hand-over to them waits, and they cannot be deactivated meanwhile. */
export async function lockWorker(
  tx: DbOrTx,
  id: string,
  storeIds: string[] | null,
): Promise<{ id: string; store_id: string; name: string; is_active: boolean } | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof workers>, 'id' | 'store_id' | 'name' | 'is_active'>>(
    tx,
    sql`select id, store_id, name, is_active from workers where id = ${id} and ${storeFilter(storeIds)} for update`,
  );
  return row;
}

/** What a worker holds now, tool by tool ("2 × Drill"). */
export async function findHoldings(tx: DbOrTx, workerId: string): Promise<string[]> {
  const rows = await queryRows<Pick<RowOf<typeof tools>, 'name'> & { outstanding: number }>(
    tx,
    sql`select t.name, sum(c.outstanding)::int as outstanding from custody c join tools t on t.id = c.tool_id
        where c.worker_id = ${workerId} and c.outstanding > 0 group by t.name order by lower(t.name)`,
  );
  return rows.map((row) => `${row.outstanding} × ${row.name}`);
}

export async function updateWorkerRow(
  tx: DbOrTx,
  id: string,
  values: { name?: string; trade?: string; phone?: string; active?: boolean },
): Promise<void> {
  await tx.execute(
    sql`update workers set name = coalesce(${values.name ?? null}, name), trade = coalesce(${values.trade ?? null}, trade),
               phone = coalesce(${values.phone ?? null}, phone), is_active = coalesce(${values.active ?? null}::boolean, is_active)
        where id = ${id}`,
  );
}
