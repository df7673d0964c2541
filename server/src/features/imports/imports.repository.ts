import type { ImportKind, ImportRow } from '@stockyard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { imports, materials } from '../../db/schema';
import { queryRows, type RowOf } from '../../db/sql';

const TABLE = { materials: sql`materials`, tools: sql`tools` } as const;

/** Names among these (any case) that a live item of the store already has. */
export async function findTakenNames(db: DbOrTx, kind: ImportKind, storeId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<Pick<RowOf<typeof materials>, 'name'>>(
    db,
    sql`select name from ${TABLE[kind]}
        where store_id = ${storeId} and deleted_at is null
          and lower(name) in (select lower(n) from json_array_elements_text(${JSON.stringify(names)}::json) as n)`,
  );
  return rows.map((row) => row.name);
}

export type EarlierImport = Pick<RowOf<typeof imports>, 'created_at'> & { actor_name: string | null };

/** When this file was imported into this store before, and by whom. */
export async function findEarlierImport(db: DbOrTx, kind: ImportKind, storeId: string, fileHash: string) {
  const [row] = await queryRows<EarlierImport>(
    db,
    sql`select i.created_at, u.name as actor_name from imports i left join users u on u.id = i.actor_id
        where i.store_id = ${storeId} and i.kind = ${kind} and i.file_hash = ${fileHash}`,
  );
  return row;
}

export async function insertImport(
  tx: DbOrTx,
  input: { kind: ImportKind; storeId: string; fileHash: string; fileName: string; rowCount: number; actorId: string },
): Promise<string> {
  const [row] = await queryRows<Pick<RowOf<typeof imports>, 'id'>>(
    tx,
    sql`insert into imports (store_id, kind, file_hash, file_name, row_count, actor_id)
        values (${input.storeId}, ${input.kind}, ${input.fileHash}, ${input.fileName}, ${input.rowCount}, ${input.actorId})
        returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Every row as a new item with its counters at the opening quantity, and each non-zero quantity as
 * the item's `opening` movement: one statement, so 10,000 rows cost one round trip.
 */
export async function insertItemsWithOpenings(
  tx: DbOrTx,
  input: { kind: ImportKind; storeId: string; actorId: string; rows: ImportRow[] },
): Promise<number> {
  const rows = JSON.stringify(input.rows);
  const inserted =
    input.kind === 'materials'
      ? sql`insert into materials (store_id, name, category_name, material_name, size, unit, decimals, tracks_expiry, total_quantity,
                                   available_quantity, stock_value, average_cost)
            select ${input.storeId}, r.name, r.category, r.material, r.size, r.unit, coalesce(r.decimals, 0), coalesce(r.batch, '') <> '',
                   r.quantity, r.quantity, round(r.quantity * coalesce(r."unitCost", 0), 2), coalesce(r."unitCost", 0)
            from ${importedRows(rows)}
            order by r."row"
            returning id, name, total_quantity, stock_value, average_cost as unit_cost`
      : sql`insert into tools (store_id, name, total_quantity, available_quantity)
            select ${input.storeId}, r.name, r.quantity, r.quantity
            from json_to_recordset(${rows}::json) as r("row" int, name text, quantity int)
            order by r."row"
            returning id, name, total_quantity, 0 as stock_value, null::numeric as unit_cost`;
  const itemKind = input.kind === 'materials' ? 'material' : 'tool';
  const [row] = await queryRows<{ items: number }>(
    tx,
    sql`with items as (${inserted}),
        batches as (${input.kind === 'materials' ? openingBatches(input.storeId, rows) : sql`select null::uuid as id, null::uuid as material_id where false`}),
        openings as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, actor_id, value, unit_cost, batch_id)
          select ${input.storeId}, ${itemKind}, i.id, 'opening', i.total_quantity, now(), ${input.actorId}, i.stock_value, i.unit_cost, b.id
          from items i left join batches b on b.material_id = i.id
          where i.total_quantity > 0
          returning 1
        )
        select (select count(*) from items)::int as items`,
  );
  return row?.items ?? 0;
}

/** The rows sent as JSON, read as a table `r`. */
function importedRows(rows: string): SQL {
  return sql`json_to_recordset(${rows}::json)
             as r("row" int, name text, category text, material text, size text, unit text, decimals int, quantity numeric,
                  "unitCost" numeric, batch text, "expiresOn" date)`;
}

/** The opening batch of each material kept by batch, holding its opening quantity (an empty one when it starts at none). */
function openingBatches(storeId: string, rows: string): SQL {
  return sql`insert into material_batches (material_id, store_id, batch, expires_on, quantity)
             select i.id, ${storeId}, r.batch, r."expiresOn", i.total_quantity
             from items i join ${importedRows(rows)} on r.name = i.name
             where coalesce(r.batch, '') <> ''
             returning id, material_id`;
}
