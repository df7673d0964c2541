import type { Tool } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryPage, uuidIn } from '../../db/client';
import { liveItemCount } from '../movements/item-counts';
import { storeFilter } from '../movements/ledger';
import { escapeLike } from '../users/users.repository';

type ToolRow = {
  id: string;
  name: string;
  total_quantity: number;
  available_quantity: number;
  consumed_quantity: number;
  damaged_quantity: number;
  refund_quantity: number;
  created_at: string | Date;
  store_id: string;
  store_name: string;
};

export function presentTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    totalQuantity: row.total_quantity,
    availableQuantity: row.available_quantity,
    consumedQuantity: row.consumed_quantity,
    damagedQuantity: row.damaged_quantity,
    refundQuantity: row.refund_quantity,
    storeId: { _id: row.store_id, name: row.store_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

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
export async function findTools(db: DbOrTx, query: ToolQuery): Promise<{ tools: Tool[]; total: number }> {
  const conditions: SQL[] = [sql`t.deleted_at is null`, storeFilter(query.storeIds, sql`t.store_id`)];
  const quantity = query.with ? sql.raw(TOOL_QUANTITY_FILTERS[query.with]) : undefined;
  if (quantity) conditions.push(sql`${quantity} > 0`);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const isNumber = /^\d{1,9}$/.test(query.q);
    conditions.push(
      sql`(t.name ilike ${pattern} or s.name ilike ${pattern} ${quantity && isNumber ? sql`or ${quantity} = ${Number(query.q)}` : sql``})`,
    );
  }
  if (query.storeId) conditions.push(sql`t.store_id = ${query.storeId}`);
  if (query.ids) conditions.push(uuidIn(sql`t.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const isFiltered = Boolean(query.q || query.ids || quantity);
  const { rows, total } = await queryPage<ToolRow>(db, {
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
  return { tools: rows.map(presentTool), total };
}
