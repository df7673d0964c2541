import {
  NOTHING_TO_ORDER,
  type OrderFromLowStockRequestSchema,
  type OrderFromLowStockResponse,
  ordersDrafted,
  STORE_NOT_FOUND,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth/sessions';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { type Shortfall, shortfallsOf } from '../replenishment/replenishment.service';
import { shortfallLineOf } from './order-units.service';
import { findOrderMaterials, insertOrder, lockStoreForOrdering, type OrderLineInput } from './purchase-orders.repository';
import { assertMayOrder, auditOrder, loadOrder } from './purchase-orders.service';

type NotOrdered = OrderFromLowStockResponse['notOrdered'][number];

/** The shortfalls of one supplier as order lines: each rounded up to the supplier's pack (else the reorder point's), at its price, in its unit. */
async function linesOf(tx: DbOrTx, storeId: string, supplierId: string, shortfalls: Shortfall[]) {
  const prices = new Map(
    (await findOrderMaterials(tx, { storeId, supplierId, materialIds: shortfalls.map((each) => each.materialId) })).map((row) => [
      row.material_id,
      row,
    ]),
  );
  const lines: OrderLineInput[] = [];
  const unpriced: NotOrdered[] = [];
  for (const shortfall of shortfalls) {
    const price = prices.get(shortfall.materialId);
    if (!price?.price) {
      unpriced.push({ materialId: shortfall.materialId, name: shortfall.name, reason: 'no_price' });
      continue;
    }
    lines.push(shortfallLineOf({ ...price, price: price.price }, shortfall));
  }
  return { lines, unpriced };
}

/**
 * Drafts one order per preferred supplier for what a store's low materials lack up to their targets,
 * less what is already on order; materials with no supplier, or none of its price list, are named as
 * not ordered. A store's presses take turns, so two at once order once.
 */
export function orderFromLowStock(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof OrderFromLowStockRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    await assertMayOrder(tx, auth, input.storeId);
    if (!(await lockStoreForOrdering(tx, input.storeId))) throw new AppError('not_found', STORE_NOT_FOUND);
    const bySupplier = new Map<string, Shortfall[]>();
    const notOrdered: NotOrdered[] = [];
    for (const shortfall of await shortfallsOf(tx, input.storeId)) {
      if (!shortfall.supplierId) notOrdered.push({ materialId: shortfall.materialId, name: shortfall.name, reason: 'no_supplier' });
      else bySupplier.set(shortfall.supplierId, [...(bySupplier.get(shortfall.supplierId) ?? []), shortfall]);
    }
    const purchaseOrders = [];
    for (const [supplierId, shortfalls] of bySupplier) {
      const { lines, unpriced } = await linesOf(tx, input.storeId, supplierId, shortfalls);
      notOrdered.push(...unpriced);
      if (lines.length === 0) continue;
      const created = await insertOrder(tx, { supplierId, storeId: input.storeId, needBy: null, createdBy: auth.userId, lines });
      const order = await loadOrder(tx, auth, created.id);
      await auditOrder(tx, auth, order, 'create', {
        from: 'low stock',
        supplier: order.supplier.name,
        lines: lines.length,
        total: order.total,
      });
      purchaseOrders.push(order);
    }
    const message = purchaseOrders.length === 0 ? NOTHING_TO_ORDER : ordersDrafted(purchaseOrders.length);
    return { status: 201 as const, body: { message, purchaseOrders, notOrdered } };
  });
}
