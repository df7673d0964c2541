import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { tools } from '../../db/schema';
import { containsPattern, type ItemPageQuery, queryItemPage, queryRows, type RowOf } from '../../db/sql';
import type { ToolRow } from './tools.presenter';

export const TOOL_QUANTITY_FILTERS = {
  damaged: 'i.damaged_quantity',
  returned: 'i.refund_quantity',
  issued: 'i.consumed_quantity',
} as const;

export type ToolQuery = ItemPageQuery & {
  q?: string;
  /** Only tools with some of this quantity (the admin's damaged, returned and issued tables). */
  with?: keyof typeof TOOL_QUANTITY_FILTERS;
};

/** Live tools in the caller's stores, newest first, with the total before paging. */
export function findToolRows(db: DbOrTx, query: ToolQuery): Promise<{ rows: ToolRow[]; total: number }> {
  const filters: SQL[] = [];
  const quantity = query.with ? sql.raw(TOOL_QUANTITY_FILTERS[query.with]) : undefined;
  if (quantity) filters.push(sql`${quantity} > 0`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const isNumber = /^\d{1,9}$/.test(query.q);
    filters.push(
      sql`(i.name ilike ${pattern} or s.name ilike ${pattern} or i.code = ${query.q.trim().toUpperCase()} ${quantity && isNumber ? sql`or ${quantity} = ${Number(query.q)}` : sql``})`,
    );
  }
  return queryItemPage<ToolRow>(db, 'tool', query, filters);
}

/** Inserts a tool whose counters start at its opening quantity; throws the database's unique violation on a taken name. */
export async function insertTool(
  db: DbOrTx,
  storeId: string,
  input: { name: string; totalQuantity: number; tracking?: 'count' | 'serial' },
): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof tools>, 'id'>>(
    db,
    sql`insert into tools (store_id, name, total_quantity, available_quantity, tracking)
        values (${storeId}, ${input.name}, ${input.totalQuantity}, ${input.totalQuantity}, ${input.tracking ?? 'count'}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
