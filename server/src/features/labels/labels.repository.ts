import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows, storeFilter, uuidIn } from '../../db/sql';

export type LabelItemRow = {
  item_kind: 'material' | 'tool' | 'unit';
  id: string;
  store_id: string;
  store_name: string;
  name: string;
  size: string;
  unit: string;
  code: string;
  /** A serial tool's unit, when its own label was scanned. */
  unit_id?: string | null;
  serial?: string | null;
};

/** Live materials and tools of the caller's stores, as a label shows them. */
function labelItems(storeIds: string[] | null) {
  return sql`select 'material' as item_kind, m.id, m.store_id, s.name as store_name, m.name, m.size, m.unit, m.code
               from materials m join stores s on s.id = m.store_id where m.deleted_at is null and ${storeFilter(storeIds, sql`m.store_id`)}
             union all
             select 'tool', t.id, t.store_id, s.name, t.name, '', '', t.code
               from tools t join stores s on s.id = t.store_id where t.deleted_at is null and ${storeFilter(storeIds, sql`t.store_id`)}`;
}

/** The live item of the caller's stores whose label carries this code, or the unit of a tool whose own label does, if any. */
export async function findItemByCode(db: DbOrTx, code: string, storeIds: string[] | null): Promise<LabelItemRow | undefined> {
  if (code.startsWith('U-')) {
    const [unit] = await queryRows<LabelItemRow>(
      db,
      sql`select 'tool' as item_kind, t.id, t.store_id, s.name as store_name, t.name, '' as size, '' as unit, u.code, u.id as unit_id, u.serial
          from tool_units u join tools t on t.id = u.tool_id join stores s on s.id = t.store_id
          where u.code = ${code} and t.deleted_at is null and ${storeFilter(storeIds, sql`t.store_id`)}`,
    );
    return unit;
  }
  const [row] = await queryRows<LabelItemRow>(db, sql`select * from (${labelItems(storeIds)}) i where i.code = ${code}`);
  return row;
}

/** The named items (and serial tools' units, named by tool and serial) of the caller's stores, for their labels. */
export async function findLabelItems(db: DbOrTx, ids: string[], storeIds: string[] | null): Promise<LabelItemRow[]> {
  return queryRows<LabelItemRow>(
    db,
    sql`select * from (${labelItems(storeIds)}
                       union all
                       select 'unit', u.id, u.store_id, s.name, t.name || ' ' || u.serial, '', '', u.code
                       from tool_units u join tools t on t.id = u.tool_id join stores s on s.id = u.store_id
                       where t.deleted_at is null and u.state <> 'retired' and ${storeFilter(storeIds, sql`u.store_id`)}) i
        where ${uuidIn(sql`i.id`, ids)}`,
  );
}
