import {
  MATERIAL_NOT_FOUND,
  NO_STORE_ACCESS,
  orderOfOtherSupplier,
  PURCHASE_ORDER_NOT_FOUND,
  purchaseOrderNumber,
  returnBeyondReceived,
  returnBeyondStock,
  returnMaterialsNotInStore,
  returnMaterialsNotOnOrder,
  SUPPLIER_RETURN_RECORDED,
  type SupplierReturnRequestSchema,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { occurredOn } from '../../db/sql';
import { canAccessStore, storeScopeOf } from '../../lib/auth/policy';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { assertDayAllowed } from '../../lib/movement-day';
import { quantityLess, quantityOf } from '../../lib/quantities';
import { recordAudit } from '../audit/audit.service';
import { inStockUnit } from '../materials/materials.service';
import { batchMoveOf, recordMovementWithId, tracksExpiry } from '../movements/movements.service';
import { namedSupplier } from '../suppliers/suppliers.service';
import { presentReturn } from './purchase-orders.presenter';
import { findOrderMaterials, lockOrder } from './purchase-orders.repository';
import type { ReceiptContext } from './purchase-orders.service';
import {
  addReturned,
  findReturn,
  findReturnableLines,
  insertReturn,
  insertReturnLine,
  type ReturnRow,
} from './supplier-returns.repository';

/** The order a return names, locked: of this supplier and this store, in the caller's stores. */
async function orderOfReturn(tx: DbOrTx, context: ReceiptContext, input: z.output<typeof SupplierReturnRequestSchema>) {
  if (!input.purchaseOrderId) return undefined;
  const order = await lockOrder(tx, input.purchaseOrderId, storeScopeOf(context.auth));
  if (!order) throw new AppError('not_found', PURCHASE_ORDER_NOT_FOUND);
  if (order.supplier_id !== input.supplierId || order.store_id !== input.storeId) {
    throw new AppError('bad_request', orderOfOtherSupplier(purchaseOrderNumber(order.number)));
  }
  return { ...order, lines: new Map((await findReturnableLines(tx, order.id)).map((line) => [line.material_id, line])) };
}

/**
 * Sends goods back to a supplier: each material leaves the store at its average cost as a
 * `supplier_return` ledger line, never more than is available; against an order, each also counts on
 * its order line, never more than arrived whole on it.
 */
export function returnToSupplier(
  db: Db,
  context: ReceiptContext,
  input: z.output<typeof SupplierReturnRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx, key) => {
    const { auth } = context;
    if (!canAccessStore(auth, input.storeId)) throw new AppError('forbidden', NO_STORE_ACCESS);
    const returnedOn = input.returnedOn ?? todayIn(context.timeZone);
    assertDayAllowed(returnedOn, { ...context, role: auth.role });
    const supplier = await namedSupplier(tx, input.supplierId);
    const order = await orderOfReturn(tx, context, input);
    const materials = await findOrderMaterials(tx, {
      storeId: input.storeId,
      supplierId: supplier._id,
      materialIds: input.lines.map((line) => line.materialId),
    });
    const outside = materials.filter((material) => !material.name).length;
    if (outside > 0) throw new AppError('bad_request', returnMaterialsNotInStore(outside));
    if (order) {
      const notOnOrder = input.lines.filter((line) => !order.lines.has(line.materialId)).length;
      if (notOnOrder > 0) throw new AppError('bad_request', returnMaterialsNotOnOrder(notOnOrder));
    }
    const returnId = await insertReturn(tx, {
      supplierId: supplier._id,
      storeId: input.storeId,
      purchaseOrderId: order?.id ?? null,
      reason: input.reason,
      returnedOn,
      createdBy: auth.userId,
    });
    const number = order ? purchaseOrderNumber(order.number) : null;
    for (const entered of [...input.lines].sort((a, b) => a.materialId.localeCompare(b.materialId))) {
      // A quantity in another of the material's units goes back as its stock units.
      const stock = await inStockUnit(tx, auth, entered.materialId, entered);
      const line = { ...entered, quantity: stock.quantity };
      const orderLine = order?.lines.get(line.materialId);
      if (orderLine && number && !(await addReturned(tx, orderLine.id, line.quantity))) {
        throw new AppError('conflict', returnBeyondReceived(orderLine.name, number, quantityLess(orderLine.received, orderLine.returned)));
      }
      // Of a material kept by batch, the batch named is the one taken back; of any other it is a label.
      const batch =
        line.batch && (await tracksExpiry(tx, line.materialId)) ? batchMoveOf('supplier_return', line.batch, undefined) : undefined;
      const { movementId } = await recordMovementWithId(
        tx,
        {
          itemKind: 'material',
          itemId: line.materialId,
          storeIds: [input.storeId],
          kind: 'supplier_return',
          batch,
          quantity: line.quantity,
          actorId: auth.userId,
          occurredAt: occurredOn(returnedOn, context.timeZone),
          supplier: supplier.name,
          entered: stock.entered,
          reason: [number, input.reason, line.batch && `batch ${line.batch}`].filter(Boolean).join(' · '),
          idempotencyKey: key,
          today: todayIn(context.timeZone),
        },
        { notFound: MATERIAL_NOT_FOUND, refused: (current) => returnBeyondStock(current.name, quantityOf(current.available_quantity)) },
      );
      await insertReturnLine(tx, {
        returnId,
        materialId: line.materialId,
        quantity: line.quantity,
        purchaseOrderLineId: orderLine?.id ?? null,
        batch: line.batch || null,
        movementId,
      });
    }
    const row = await findReturn(tx, returnId);
    const supplierReturn = presentReturn(row as ReturnRow);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'create',
      entityType: 'supplier_return',
      entityId: returnId,
      entityName: `${supplier.name}${number ? ` (${number})` : ''}`,
      storeId: input.storeId,
      details: { reason: input.reason, lines: input.lines, value: supplierReturn.value },
    });
    return { status: 201 as const, body: { message: SUPPLIER_RETURN_RECORDED, supplierReturn } };
  });
}
