import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { suppliers } from '../../db/schema';
import { containsPattern, queryRows, type RowOf, uuidIn } from '../../db/sql';

export type SupplierRow = Pick<RowOf<typeof suppliers>, 'id' | 'name' | 'email' | 'phone' | 'lead_time_days' | 'created_at'>;

export type SupplierFields = { name: string; email: string | null; phone: string | null; leadTimeDays: number | null };

const COLUMNS = sql`id, name, email, phone, lead_time_days, created_at`;

export async function insertSupplier(tx: DbOrTx, fields: SupplierFields): Promise<SupplierRow> {
  const [row] = await queryRows<SupplierRow>(
    tx,
    sql`insert into suppliers (name, email, phone, lead_time_days)
        values (${fields.name}, ${fields.email}, ${fields.phone}, ${fields.leadTimeDays}) returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the fields given; the supplier as it now is, or nothing when there is none. */
export async function updateSupplierRow(tx: DbOrTx, id: string, fields: Partial<SupplierFields>): Promise<SupplierRow | undefined> {
  const [row] = await queryRows<SupplierRow>(
    tx,
    sql`update suppliers set
          name = coalesce(${fields.name ?? null}, name),
          email = case when ${fields.email !== undefined} then ${fields.email ?? null} else email end,
          phone = case when ${fields.phone !== undefined} then ${fields.phone ?? null} else phone end,
          lead_time_days = case when ${fields.leadTimeDays !== undefined} then ${fields.leadTimeDays ?? null}::int else lead_time_days end
        where id = ${id} returning ${COLUMNS}`,
  );
  return row;
}

/** Suppliers by name, those whose name holds `q` when given, a page of them and how many there are. */
export async function findSupplierPage(
  db: DbOrTx,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: SupplierRow[]; total: number }> {
  const filter = query.q ? sql`name ilike ${containsPattern(query.q)}` : sql`true`;
  const rows = await queryRows<SupplierRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over ()::int as total from suppliers where ${filter}
        order by lower(name), id limit ${query.limit} offset ${query.offset}`,
  );
  return { rows, total: rows[0]?.total ?? (query.offset > 0 ? await countSuppliers(db, filter) : 0) };
}

async function countSuppliers(db: DbOrTx, filter: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from suppliers where ${filter}`);
  return row?.n ?? 0;
}

export async function findSupplier(db: DbOrTx, id: string): Promise<SupplierRow | undefined> {
  const [row] = await queryRows<SupplierRow>(db, sql`select ${COLUMNS} from suppliers where id = ${id}`);
  return row;
}

/** Locks the supplier's row, so two changes of its price list take turns; whether it exists. */
export async function lockSupplier(tx: DbOrTx, id: string): Promise<SupplierRow | undefined> {
  const [row] = await queryRows<SupplierRow>(tx, sql`select ${COLUMNS} from suppliers where id = ${id} for update`);
  return row;
}

/** How many of the materials named are live. */
export async function countLiveMaterials(tx: DbOrTx, materialIds: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from materials where ${uuidIn(sql`id`, materialIds)} and deleted_at is null`,
  );
  return row?.n ?? 0;
}

export type PriceLine = {
  materialId: string;
  unitCost: string;
  packSize: number | null;
  packUnit: { name: string; factor: string } | null;
};

export type NamedUnitRow = { material_id: string; material: string; stock_unit: string; unit: string | null; factor: string | null };

/** For each material and unit name asked about: the material's name and stock unit, and that unit of it as kept, if it has one. */
export function findNamedUnits(tx: DbOrTx, asked: { materialId: string; unit: string }[]): Promise<NamedUnitRow[]> {
  return queryRows<NamedUnitRow>(
    tx,
    sql`select m.id as material_id, m.name as material, m.unit as stock_unit, u.name as unit, u.factor::text as factor
        from json_to_recordset(${JSON.stringify(asked)}::json) as a("materialId" uuid, unit text)
        join materials m on m.id = a."materialId"
        left join material_units u on u.material_id = m.id and lower(u.name) = lower(a.unit)`,
  );
}

/** The supplier's price list becomes these lines, in one statement each for what goes and what stays. */
export async function replacePrices(tx: DbOrTx, supplierId: string, lines: PriceLine[]): Promise<void> {
  const kept = uuidIn(
    sql`material_id`,
    lines.map((line) => line.materialId),
  );
  await tx.execute(sql`delete from supplier_prices where supplier_id = ${supplierId} and not (${kept})`);
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map(
      (line) =>
        sql`(${supplierId}::uuid, ${line.materialId}::uuid, ${line.unitCost}::numeric, ${line.packSize}::int,
             ${line.packUnit?.name ?? null}, ${line.packUnit?.factor ?? null}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`insert into supplier_prices (supplier_id, material_id, unit_cost, pack_size, pack_unit, pack_factor) values ${values}
        on conflict (supplier_id, material_id) do update
          set unit_cost = excluded.unit_cost, pack_size = excluded.pack_size, pack_unit = excluded.pack_unit,
              pack_factor = excluded.pack_factor, updated_at = now()
          where (supplier_prices.unit_cost, supplier_prices.pack_size, supplier_prices.pack_unit, supplier_prices.pack_factor)
                is distinct from (excluded.unit_cost, excluded.pack_size, excluded.pack_unit, excluded.pack_factor)`,
  );
}

export type PriceRow = {
  material_id: string;
  name: string;
  unit: string;
  store_id: string;
  store_name: string;
  unit_cost: string;
  pack_size: number | null;
  pack_unit: string | null;
  pack_factor: string | null;
};

/** The supplier's prices of live materials, by store and material name. */
export function findPrices(db: DbOrTx, supplierId: string): Promise<PriceRow[]> {
  return queryRows<PriceRow>(
    db,
    sql`select p.material_id, m.name, m.unit, s.id as store_id, s.name as store_name, p.unit_cost::text as unit_cost, p.pack_size,
               p.pack_unit, p.pack_factor::text as pack_factor
        from supplier_prices p join materials m on m.id = p.material_id join stores s on s.id = m.store_id
        where p.supplier_id = ${supplierId} and m.deleted_at is null
        order by lower(s.name), lower(m.name), m.id`,
  );
}
