import { type Product, withoutTrailingZeros } from '@stockyard/contract';
import Big from 'big.js';
import type { materials } from '../../db/schema';
import type { RowOf, UnitRow } from '../../db/sql';
import { seesCosts } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { moneyText, unitCostText } from '../../lib/money';
import { quantityOf } from '../../lib/quantities';

/** A material's row with the name of its store, as the list statement and the ledger statement return it. */
export type MaterialRow = RowOf<typeof materials> & { store_name: string; units?: UnitRow[] };

/** A material as its reader may see it: with its value and average cost only for those who see costs. */
export function presentProduct(row: MaterialRow, reader: Pick<AuthContext, 'role'>): Product {
  const product: Product = {
    _id: row.id,
    name: row.name,
    categoryname: row.category_name,
    materialname: row.material_name,
    size: row.size,
    unit: row.unit,
    decimals: row.decimals,
    units: (row.units ?? []).map((unit) => ({ name: unit.name, factor: withoutTrailingZeros(unit.factor) })),
    tracksExpiry: row.tracks_expiry,
    totalQuantity: quantityOf(row.total_quantity),
    restockedQuantity: quantityOf(row.restocked_quantity),
    transferQuantity: quantityOf(row.transfer_quantity),
    availableQuantity: quantityOf(row.available_quantity),
    consumedQuantity: quantityOf(row.consumed_quantity),
    damagedQuantity: quantityOf(row.damaged_quantity),
    refundQuantity: quantityOf(row.refund_quantity),
    adjustedQuantity: quantityOf(row.adjusted_quantity),
    remarks: row.remarks,
    code: row.code,
    createdAt: new Date(row.created_at).toISOString(),
    storeId: { _id: row.store_id, name: row.store_name },
  };
  // Assigned rather than spread into a copy: a list presents thousands of rows, and a spread that adds
  // fields copies each row the slow way.
  if (seesCosts(reader)) {
    product.stockValue = moneyText(row.stock_value);
    product.averageCost = unitCostText(row.average_cost);
  }
  return product;
}

/** The quantity fields of a material, each shown in the unit a list asks for. */
const QUANTITIES = [
  'totalQuantity',
  'restockedQuantity',
  'transferQuantity',
  'availableQuantity',
  'consumedQuantity',
  'damagedQuantity',
  'refundQuantity',
  'adjustedQuantity',
] as const;

/**
 * A material in another of its units, when it has one of that name: each quantity divided by the
 * unit's factor to 3 decimals (exact whenever the factor divides it), its average cost per that unit;
 * else as it is.
 */
export function productInUnit(product: Product, unitName: string): Product {
  const unit = product.units.find((other) => other.name.toLowerCase() === unitName.toLowerCase());
  if (!unit) return product;
  const shown: Product = { ...product, unit: unit.name, stockUnit: product.unit };
  for (const field of QUANTITIES) shown[field] = new Big(product[field]).div(unit.factor).round(3).toNumber();
  if (product.averageCost !== undefined)
    shown.averageCost = unitCostText(new Big(product.averageCost).times(unit.factor).round(4).toString());
  return shown;
}
