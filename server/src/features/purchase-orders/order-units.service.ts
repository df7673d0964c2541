import { orderMaterialUnpriced } from '@stockyard/contract';
import Big from 'big.js';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { quantitySum } from '../../lib/quantities';
import { toStockQuantity } from '../../lib/units';
import { inStockUnit } from '../materials/materials.service';
import type { EnteredUnit } from '../movements/movements.service';
import type { OrderLineInput, OrderMaterial } from './purchase-orders.repository';

/** Unit costs are kept to 4 decimals. */
const costText = (cost: Big) => cost.round(4, Big.roundHalfUp).toString();

/** The supplier's price of one of `factor` stock units (1: the stock unit), or null without a price. */
function priceIn(material: OrderMaterial, unit: string | null, factor: string): string | null {
  if (material.price === null) return null;
  if (material.pack_unit && unit && material.pack_unit.toLowerCase() === unit.toLowerCase()) return material.price;
  const perStockUnit = material.pack_factor ? new Big(material.price).div(material.pack_factor) : new Big(material.price);
  return costText(perStockUnit.times(factor));
}

/**
 * An order line as entered: in the material's stock unit, or in another of its units (the supplier's
 * pack, say), converted exactly (a 400 names the nearest quantities that land on the material's decimals).
 * Its cost is the one entered, per the unit entered, else the supplier's price in that unit.
 */
export async function orderLineOf(
  tx: DbOrTx,
  auth: AuthContext,
  line: { materialId: string; quantity: number; unit?: string; unitCost?: string },
  material: OrderMaterial,
): Promise<OrderLineInput> {
  const stock = await inStockUnit(tx, auth, line.materialId, { quantity: line.quantity, unit: line.unit });
  const entered = stock.entered;
  const unitCost = line.unitCost ?? priceIn(material, entered?.unit ?? null, entered?.factor ?? '1');
  if (unitCost === null) throw new AppError('bad_request', orderMaterialUnpriced(material.name ?? line.materialId));
  if (!entered) return { materialId: line.materialId, quantity: stock.quantity, unitCost };
  return {
    materialId: line.materialId,
    quantity: stock.quantity,
    unitCost: costText(new Big(unitCost).div(entered.factor)),
    orderedIn: { unit: entered.unit, factor: entered.factor, quantity: line.quantity, unitCost },
  };
}

/**
 * What to order of a shortfall of `gap` stock units from a supplier: whole packs of its price list's
 * unit when it sells in one (and they land on the material's decimals), else whole packs of `packSize`
 * stock units; at its price.
 */
export function shortfallLineOf(
  material: OrderMaterial & { price: string },
  shortfall: { materialId: string; gap: number; packSize: number },
): OrderLineInput {
  if (material.pack_unit && material.pack_factor) {
    const pack = material.pack_size ?? 1;
    const packs = new Big(shortfall.gap).div(new Big(pack).times(material.pack_factor)).round(0, Big.roundUp).times(pack);
    const stock = toStockQuantity(packs.toString(), material.pack_factor, material.decimals ?? 0);
    if (!('nearest' in stock)) {
      return {
        materialId: shortfall.materialId,
        quantity: Number(stock.stock),
        unitCost: costText(new Big(material.price).div(material.pack_factor)),
        orderedIn: { unit: material.pack_unit, factor: material.pack_factor, quantity: packs.toNumber(), unitCost: material.price },
      };
    }
  }
  const pack = material.pack_unit ? shortfall.packSize : (material.pack_size ?? shortfall.packSize);
  return {
    materialId: shortfall.materialId,
    quantity: Math.ceil(shortfall.gap / pack) * pack,
    unitCost: priceIn(material, null, '1') as string,
  };
}

/** A receipt's line in stock units, with what arrived and what arrived damaged as entered when that was in another unit. */
export type ReceiptLineInStock<L> = L & { received: number; damaged: number; entered?: { arrived: EnteredUnit; damaged: EnteredUnit } };

/**
 * A receipt's line as counted at the gate: in stock units, or in another of the material's units (the
 * order's pallets, say), each quantity converted exactly (a 400 names the nearest that land on its decimals).
 */
export async function receiptLineInStock<L extends { received: number; damaged: number; unit?: string }>(
  tx: DbOrTx,
  auth: AuthContext,
  materialId: string,
  line: L,
): Promise<ReceiptLineInStock<L>> {
  if (!line.unit) return line;
  const received = await inStockUnit(tx, auth, materialId, { quantity: line.received, unit: line.unit });
  const damaged = await inStockUnit(tx, auth, materialId, { quantity: line.damaged, unit: line.unit });
  if (!received.entered || !damaged.entered) return line;
  const arrived = { ...received.entered, quantity: quantitySum([line.received, line.damaged]) };
  return { ...line, received: received.quantity, damaged: damaged.quantity, entered: { arrived, damaged: damaged.entered } };
}
