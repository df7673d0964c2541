import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern, liveItemCount, queryPage, queryRows, storeFilter, uuidIn } from '../../db/sql';
import type { ToolRow } from './tools.presenter';

export const TOOL_QUANTITY_FILTERS = {
  damaged: 't.damaged_quantity',
  returned: 't.refund_quantity',
  issued: 't.consumed_quantity',
} as const;

export type ToolQuery = {
  storeIds: string[] | null;
  q?: string;
  storeId?: string;
  ids?: string[];
  /** Only tools with some of this quantity (the admin's damaged, returned and issued tables). */
  with?: keyof typeof TOOL_QUANTITY_FILTERS;
  limit?: number;
  offset?: number;
};

/** Live tools in the caller's stores, newest first, with the total before paging. */
export async function findToolRows(db: DbOrTx, query: ToolQuery): Promise<{ rows: ToolRow[]; total: number }> {
  const conditions: SQL[] = [sql`t.deleted_at is null`, storeFilter(query.storeIds, sql`t.store_id`)];
  const quantity = query.with ? sql.raw(TOOL_QUANTITY_FILTERS[query.with]) : undefined;
  if (quantity) conditions.push(sql`${quantity} > 0`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const isNumber = /^\d{1,9}$/.test(query.q);
    conditions.push(
      sql`(t.name ilike ${pattern} or s.name ilike ${pattern} ${quantity && isNumber ? sql`or ${quantity} = ${Number(query.q)}` : sql``})`,
    );
  }
  if (query.storeId) conditions.push(sql`t.store_id = ${query.storeId}`);
  if (query.ids) conditions.push(uuidIn(sql`t.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const isFiltered = Boolean(query.q || query.ids || quantity);
  return queryPage<ToolRow>(db, {
    rows: (pageTotal) => sql`select t.*, s.name as store_name, ${pageTotal} as page_total
              from tools t join stores s on s.id = t.store_id
              where ${where}
              order by t.created_at desc nulls last, t.id
              limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
    count: isFiltered
      ? sql`select count(*)::int as n from tools t join stores s on s.id = t.store_id where ${where}`
      : liveItemCount('tool', query.storeIds, query.storeId),
    isCountALookup: !isFiltered,
    limit: query.limit,
    offset: query.offset,
  });
}

/** Inserts a tool whose counters start at its opening quantity; throws the database's unique violation on a taken name. */
export async function insertTool(db: DbOrTx, storeId: string, input: { name: string; totalQuantity: number }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into tools (store_id, name, total_quantity, available_quantity)
        values (${storeId}, ${input.name}, ${input.totalQuantity}, ${input.totalQuantity}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
