import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';

export type LabelItemRow = {
  item_kind: 'material' | 'tool';
  id: string;
  store_id: string;
  store_name: string;
  name: string;
  size: string;
  unit: string;
  code: string;
};

/** Live materials and tools of the caller's stores, as a label shows them. */
function labelItems(storeIds: string[] | null) {
  return sql`select 'material' as item_kind, m.id, m.store_id, s.name as store_name, m.name, m.size, m.unit, m.code
               from materials m join stores s on s.id = m.store_id where m.deleted_at is null and ${storeFilter(storeIds, sql`m.store_id`)}
             union all
             select 'tool', t.id, t.store_id, s.name, t.name, '', '', t.code
               from tools t join stores s on s.id = t.store_id where t.deleted_at is null and ${storeFilter(storeIds, sql`t.store_id`)}`;
}

/** The live item of the caller's stores whose label carries this code, if any. */
export async function findItemByCode(db: DbOrTx, code: string, storeIds: string[] | null): Promise<LabelItemRow | undefined> {
  const [row] = await queryRows<LabelItemRow>(db, sql`select * from (${labelItems(storeIds)}) i where i.code = ${code}`);
  return row;
}

/** The named items of the caller's stores, for their labels. */
export async function findLabelItems(db: DbOrTx, ids: string[], storeIds: string[] | null): Promise<LabelItemRow[]> {
  return queryRows<LabelItemRow>(db, sql`select * from (${labelItems(storeIds)}) i where ${uuidIn(sql`i.id`, ids)}`);
}
