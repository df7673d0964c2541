import type { Product } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryPage, uuidIn } from '../../db/client';
import { liveItemCount } from '../movements/item-counts';
import { storeFilter } from '../movements/ledger';
import { escapeLike } from '../users/users.repository';

type MaterialRow = {
  id: string;
  name: string;
  category_name: string;
  material_name: string;
  size: string;
  unit: string;
  remarks: string | null;
  total_quantity: number;
  restocked_quantity: number;
  transfer_quantity: number;
  consumed_quantity: number;
  damaged_quantity: number;
  refund_quantity: number;
  adjusted_quantity: number;
  available_quantity: number;
  created_at: string | Date;
  store_id: string;
  store_name: string;
};

export function presentProduct(row: MaterialRow): Product {
  return {
    _id: row.id,
    name: row.name,
    categoryname: row.category_name,
    materialname: row.material_name,
    size: row.size,
    unit: row.unit,
    totalQuantity: row.total_quantity,
    restockedQuantity: row.restocked_quantity,
    transferQuantity: row.transfer_quantity,
    availableQuantity: row.available_quantity,
    consumedQuantity: row.consumed_quantity,
    damagedQuantity: row.damaged_quantity,
    refundQuantity: row.refund_quantity,
    adjustedQuantity: row.adjusted_quantity,
    remarks: row.remarks,
    createdAt: new Date(row.created_at).toISOString(),
    storeId: { _id: row.store_id, name: row.store_name },
  };
}

export type MaterialQuery = { storeIds: string[] | null; q?: string; storeId?: string; ids?: string[]; limit?: number; offset?: number };

/** Live materials in the caller's stores, newest first, with the total for paging. */
export async function findMaterials(db: DbOrTx, query: MaterialQuery): Promise<{ products: Product[]; total: number }> {
  const conditions: SQL[] = [sql`m.deleted_at is null`, storeFilter(query.storeIds, sql`m.store_id`)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    // The same expression as the trigram index materials_search_trgm_idx, so the index serves it.
    conditions.push(sql`(m.name || ' ' || m.category_name || ' ' || m.material_name) ilike ${pattern}`);
  }
  if (query.storeId) conditions.push(sql`m.store_id = ${query.storeId}`);
  if (query.ids) conditions.push(uuidIn(sql`m.id`, query.ids));
  const where = sql.join(conditions, sql` and `);
  const isFiltered = Boolean(query.q || query.ids);
  const { rows, total } = await queryPage<MaterialRow>(db, {
    rows: (pageTotal) => sql`select m.*, s.name as store_name, ${pageTotal} as page_total
              from materials m join stores s on s.id = m.store_id
              where ${where}
              order by m.created_at desc nulls last, m.id
              limit ${query.limit ?? null} offset ${query.offset ?? 0}`,
    count: isFiltered
      ? sql`select count(*)::int as n from materials m where ${where}`
      : liveItemCount('material', query.storeIds, query.storeId),
    isCountALookup: !isFiltered,
    limit: query.limit,
    offset: query.offset,
  });
  return { products: rows.map(presentProduct), total };
}

export async function findMaterial(db: DbOrTx, id: string, storeIds: string[] | null): Promise<Product | undefined> {
  const { products } = await findMaterials(db, { storeIds, ids: [id] });
  return products[0];
}
