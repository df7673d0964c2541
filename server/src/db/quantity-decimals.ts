import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { queryRows } from './sql';

/** A material and a quantity of it a call names. */
export type MaterialQuantity = { materialId: string; quantity: number };

/** A material whose quantity carries more decimals than it takes: its name and decimals. */
export type DecimalsPast = { name: string; decimals: number };

/**
 * The first of these quantities with more decimals than its material takes, compared as exact
 * decimals in SQL (a number such as 0.30000000000000004 is refused, never rounded to fit).
 */
export async function findQuantityPastDecimals(db: DbOrTx, lines: MaterialQuantity[]): Promise<DecimalsPast | undefined> {
  if (lines.length === 0) return undefined;
  const values = sql.join(
    lines.map((line) => sql`(${line.materialId}::uuid, ${String(line.quantity)}::numeric)`),
    sql`, `,
  );
  const [row] = await queryRows<DecimalsPast>(
    db,
    sql`select m.name, m.decimals from (values ${values}) as q(material_id, quantity) join materials m on m.id = q.material_id
        where q.quantity <> round(q.quantity, m.decimals)
        limit 1`,
  );
  return row;
}
