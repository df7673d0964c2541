import type { MaterialCreateRequestSchema } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { materials } from '../../db/schema';
import { containsPattern, type ItemPageQuery, openingValue, queryItemPage, queryRows, type RowOf, storeFilter } from '../../db/sql';
import type { MaterialRow } from './materials.presenter';

export type MaterialQuery = ItemPageQuery & { q?: string };

/** Live materials in the caller's stores, newest first, with the total for paging. */
export function findMaterialRows(db: DbOrTx, query: MaterialQuery): Promise<{ rows: MaterialRow[]; total: number }> {
  // The same expression as the trigram index materials_search_trgm_idx, so the index serves it.
  // A label's code typed in (or sent by a scanner that types like a keyboard) finds its item too.
  const search = query.q
    ? [
        sql`((i.name || ' ' || i.category_name || ' ' || i.material_name) ilike ${containsPattern(query.q)} or i.code = ${query.q.trim().toUpperCase()})`,
      ]
    : [];
  return queryItemPage<MaterialRow>(db, 'material', query, search);
}

export async function findMaterialRow(db: DbOrTx, id: string, storeIds: string[] | null): Promise<MaterialRow | undefined> {
  const { rows } = await findMaterialRows(db, { storeIds, ids: [id] });
  return rows[0];
}

/** The live material of a store with this name, compared without case. */
export async function findMaterialIdByName(db: DbOrTx, storeId: string, name: string): Promise<string | undefined> {
  const [row] = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    db,
    sql`select id from materials where store_id = ${storeId} and lower(name) = lower(${name}) and deleted_at is null`,
  );
  return row?.id;
}

/** Inserts a material whose counters start at its opening quantity; throws the database's unique violation on a taken name. */
export async function insertMaterial(db: DbOrTx, storeId: string, input: z.output<typeof MaterialCreateRequestSchema>): Promise<string> {
  const unitCost = sql`${input.unitCost ?? '0'}::numeric`;
  const [row] = await queryRows<Pick<RowOf<typeof materials>, 'id'>>(
    db,
    sql`insert into materials (store_id, name, category_name, material_name, size, unit, decimals, tracks_expiry, total_quantity,
                               available_quantity, stock_value, average_cost)
        values (${storeId}, ${input.name}, ${input.categoryname}, ${input.materialname}, ${input.size}, ${input.unit}, ${input.decimals},
                ${input.tracksExpiry},
                ${input.totalQuantity}, ${input.totalQuantity}, ${openingValue(input.totalQuantity, unitCost)}, ${unitCost})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** What a change of a material's row reports back for its audit event. */
export type ChangedItem = { id: string; name: string; store_id: string };

type DescriptiveFields = { name?: string; categoryname?: string; materialname?: string; size?: string; unit?: string };

/** Changes the descriptive fields given; the changed row, or undefined when no live material of the caller's stores has this id. */
export function updateMaterialFields(db: DbOrTx, id: string, storeIds: string[] | null, fields: DescriptiveFields) {
  const assignments = [
    fields.name !== undefined && sql`name = ${fields.name}`,
    fields.categoryname !== undefined && sql`category_name = ${fields.categoryname}`,
    fields.materialname !== undefined && sql`material_name = ${fields.materialname || 'N/A'}`,
    fields.size !== undefined && sql`size = ${fields.size}`,
    fields.unit !== undefined && sql`unit = ${fields.unit}`,
  ].filter((assignment) => assignment !== false);
  // Nothing to change: null, told apart from undefined (no such material).
  if (assignments.length === 0) return Promise.resolve(null);
  return updateLiveMaterial(db, id, storeIds, assignments);
}

/** Sets how many decimals a material's quantities carry. */
export function setMaterialDecimals(db: DbOrTx, id: string, storeIds: string[] | null, decimals: number) {
  return updateLiveMaterial(db, id, storeIds, [sql`decimals = ${decimals}`]);
}

/**
 * The quantity on record of a material that needs the most decimals, when it needs more than
 * `decimals`: of its ledger lines, orders, requests, transfers, counts and reorder point. Read after
 * its row is locked, so a line written meanwhile is seen.
 */
export async function findQuantityBeyondDecimals(
  db: DbOrTx,
  id: string,
  decimals: number,
): Promise<{ quantity: string; decimals: number } | undefined> {
  const [row] = await queryRows<{ quantity: string; decimals: number }>(
    db,
    sql`select trim_scale(q)::text as quantity, min_scale(q) as decimals
        from (
          select quantity as q from movements where item_kind = 'material' and item_id = ${id}
          union all select unnest(array[quantity, received, damaged, returned]) from purchase_order_lines where material_id = ${id}
          union all select quantity from stock_request_lines where material_id = ${id}
          union all select quantity from transfer_lines where item_kind = 'material' and (from_item_id = ${id} or to_item_id = ${id})
          union all select counted from stock_count_lines where item_id = ${id} and counted is not null
          union all select unnest(array[min_qty, target_qty]) from reorder_points where material_id = ${id}
        ) as on_record
        where min_scale(q) > ${decimals}
        order by min_scale(q) desc, abs(q) desc
        limit 1`,
  );
  return row;
}

/** A live material of the caller's stores as an entry in one of its units needs it: its name, decimals and that unit's factor (null when it has no such unit). */
export async function findUnitOfMaterial(db: DbOrTx, id: string, storeIds: string[] | null, unit: string) {
  const [row] = await queryRows<{
    name: string;
    stock_unit: string;
    decimals: number;
    units_version: number;
    unit_name: string | null;
    factor: string | null;
  }>(
    db,
    sql`select m.name, m.unit as stock_unit, m.decimals, m.units_version, u.name as unit_name, u.factor::text as factor
        from materials m left join material_units u on u.material_id = m.id and lower(u.name) = lower(${unit})
        where m.id = ${id} and m.deleted_at is null and ${storeFilter(storeIds, sql`m.store_id`)}`,
  );
  return row;
}

/** Replaces a material's other units with these, moving its units version on (which locks its row first). */
export async function replaceMaterialUnits(db: DbOrTx, id: string, units: { name: string; factor: string }[]): Promise<void> {
  await db.execute(sql`update materials set units_version = units_version + 1 where id = ${id}`);
  await db.execute(sql`delete from material_units where material_id = ${id}`);
  if (units.length === 0) return;
  await db.execute(
    sql`insert into material_units (material_id, name, factor)
        values ${sql.join(
          units.map((unit) => sql`(${id}, ${unit.name}, ${unit.factor}::numeric)`),
          sql`, `,
        )}`,
  );
}

export function archiveMaterialRow(db: DbOrTx, id: string, storeIds: string[] | null) {
  return updateLiveMaterial(db, id, storeIds, [sql`deleted_at = now()`]);
}

/** Sets the remark of a material that has none yet. */
export function setRemarksWhenEmpty(db: DbOrTx, id: string, storeIds: string[] | null, remarks: string) {
  return updateLiveMaterial(db, id, storeIds, [sql`remarks = ${remarks}`], sql`(remarks is null or remarks = '')`);
}

async function updateLiveMaterial(
  db: DbOrTx,
  id: string,
  storeIds: string[] | null,
  assignments: SQL[],
  condition: SQL = sql`true`,
): Promise<ChangedItem | undefined> {
  const [row] = await queryRows<ChangedItem>(
    db,
    sql`update materials set ${sql.join(assignments, sql`, `)}, change_version = change_version + 1
        where id = ${id} and deleted_at is null and ${storeFilter(storeIds)} and ${condition}
        returning id, name, store_id`,
  );
  return row;
}
