import {
  KEEPERS_MAY_NOT_ORDER,
  MATERIAL_NOT_FOUND,
  NO_STORE_ACCESS,
  ORDER_LINE_UNKNOWN,
  orderHasReceipts,
  orderMaterialsNotInStore,
  orderNotClosable,
  orderNotDraft,
  orderNotReceivable,
  PURCHASE_ORDER_CANCELLED,
  PURCHASE_ORDER_CLOSED,
  PURCHASE_ORDER_NOT_FOUND,
  PURCHASE_ORDER_ORDERED,
  PURCHASE_ORDER_SAVED,
  PURCHASE_RECEIPT_RECORDED,
  type PurchaseOrder,
  type PurchaseOrderCreateRequestSchema,
  type PurchaseOrderListQuerySchema,
  type PurchaseReceiptListResponse,
  type PurchaseReceiptRequestSchema,
  purchaseOrderNumber,
  RECEIVABLE_STATUSES,
  receiptPastTolerance,
  SUPPLIER_NOT_FOUND,
} from '@stockyard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { occurredOn } from '../../db/sql';
import { assertStoreVisible, canAccessStore, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { assertDayAllowed } from '../../lib/movement-day';
import { quantityOf, quantitySum } from '../../lib/quantities';
import { recordAudit } from '../audit/audit.service';
import { addDeliveryRow } from '../deliveries/deliveries.service';
import { assertFitsDecimals } from '../materials/materials.service';
import { batchMoveOf, recordMovementOrRefuse } from '../movements/movements.service';
import { buyingSettings } from '../settings/settings.service';
import { supplierExists } from '../suppliers/suppliers.service';
import { orderLineOf, receiptLineInStock } from './order-units.service';
import { presentOrder, presentReceipt } from './purchase-orders.presenter';
import {
  addToOrderLine,
  arrivedValue,
  changeOrderStatus,
  damagedValue,
  findOrderLines,
  findOrderMaterials,
  findOrderRows,
  insertOrder,
  insertReceipt,
  insertReceiptLine,
  type LockedOrder,
  lockOrder,
  type OrderLineInput,
  type OrderMaterial,
  type OrderQuery,
  queueOrderMail,
  settleReceivedStatus,
} from './purchase-orders.repository';
import { findReceiptRows } from './purchase-receipts.repository';

/**
 * Who receives, and the rules of the day they date it; `receivedBy` is the keeper who received it on
 * the phone, when a person records it for them later.
 */
export type ReceiptContext = { auth: AuthContext; timeZone: string; offlineMaxAgeDays: number; receivedBy?: string };

async function presentedOrders(db: DbOrTx, query: OrderQuery) {
  const { rows, total } = await findOrderRows(db, query);
  return { purchaseOrders: rows.map(presentOrder), total };
}

export async function loadOrder(db: DbOrTx, auth: AuthContext, id: string): Promise<PurchaseOrder> {
  const [order] = (await presentedOrders(db, { storeIds: storeScopeOf(auth), ids: [id] })).purchaseOrders;
  if (!order) throw new AppError('not_found', PURCHASE_ORDER_NOT_FOUND);
  return order;
}

/** An order's receipts, for whoever may see the order. */
export async function listReceipts(db: DbOrTx, auth: AuthContext, id: string): Promise<PurchaseReceiptListResponse> {
  await loadOrder(db, auth, id);
  return { receipts: (await findReceiptRows(db, id)).map(presentReceipt) };
}

export async function listOrders(db: DbOrTx, auth: AuthContext, query: z.output<typeof PurchaseOrderListQuerySchema>) {
  assertStoreVisible(auth, query.storeId);
  return presentedOrders(db, { ...query, storeIds: storeScopeOf(auth) });
}

export function getOrder(db: DbOrTx, auth: AuthContext, id: string): Promise<PurchaseOrder> {
  return loadOrder(db, auth, id);
}

/** Admins order for any store; keepers for their own stores, when the company lets them. */
export async function assertMayOrder(tx: DbOrTx, auth: AuthContext, storeId: string): Promise<void> {
  if (auth.role === 'admin') return;
  if (!canAccessStore(auth, storeId)) throw new AppError('forbidden', NO_STORE_ACCESS);
  if (!(await buyingSettings(tx)).keepersMayOrder) throw new AppError('forbidden', KEEPERS_MAY_NOT_ORDER);
}

/** A draft order; each line's cost is the one given, else the supplier's price-list cost. */
export function createOrder(db: Db, auth: AuthContext, input: z.output<typeof PurchaseOrderCreateRequestSchema>, requestKey?: RequestKey) {
  return runIdempotent(db, requestKey, async (tx) => {
    await assertMayOrder(tx, auth, input.storeId);
    if (!(await supplierExists(tx, input.supplierId))) throw new AppError('bad_request', SUPPLIER_NOT_FOUND);
    const materials = await findOrderMaterials(tx, {
      storeId: input.storeId,
      supplierId: input.supplierId,
      materialIds: input.lines.map((line) => line.materialId),
    });
    const known = new Map(materials.map((material) => [material.material_id, material]));
    const outside = input.lines.filter((line) => !known.get(line.materialId)?.name).length;
    if (outside > 0) throw new AppError('bad_request', orderMaterialsNotInStore(outside));
    const lines: OrderLineInput[] = [];
    for (const line of input.lines) lines.push(await orderLineOf(tx, auth, line, known.get(line.materialId) as OrderMaterial));
    await assertFitsDecimals(tx, lines);
    const created = await insertOrder(tx, {
      supplierId: input.supplierId,
      storeId: input.storeId,
      needBy: input.needBy ?? null,
      createdBy: auth.userId,
      lines,
    });
    const order = await loadOrder(tx, auth, created.id);
    await auditOrder(tx, auth, order, 'create', { supplier: order.supplier.name, lines: lines.length, total: order.total });
    return { status: 201 as const, body: { message: PURCHASE_ORDER_SAVED, purchaseOrder: order } };
  });
}

async function mustLock(tx: Tx, auth: AuthContext, id: string): Promise<LockedOrder> {
  const order = await lockOrder(tx, id, storeScopeOf(auth));
  if (!order) throw new AppError('not_found', PURCHASE_ORDER_NOT_FOUND);
  return order;
}

export function auditOrder(
  tx: Tx,
  auth: AuthContext,
  order: PurchaseOrder,
  action: 'create' | 'order' | 'cancel' | 'close' | 'receive',
  details: object,
) {
  return recordAudit(tx, {
    actorId: auth.userId,
    action,
    entityType: 'purchase_order',
    entityId: order._id,
    entityName: order.number,
    storeId: order.store._id,
    details: { ...details, status: order.status },
  });
}

type StatusChange = {
  auth: AuthContext;
  id: string;
  reason?: string;
  requestKey?: RequestKey;
  /** Whether mail is set up: an order sent to a supplier with an email then goes out as a PDF. */
  mailsSupplier?: boolean;
};

/** Sends a draft to the supplier: from now on goods may be received against it. */
export function placeOrder(db: Db, change: StatusChange) {
  return runIdempotent(db, change.requestKey, async (tx) => {
    const locked = await mustLock(tx, change.auth, change.id);
    await assertMayOrder(tx, change.auth, locked.store_id);
    if (!(await changeOrderStatus(tx, locked.id, { from: ['draft'], to: 'ordered' }))) {
      throw new AppError('conflict', orderNotDraft(purchaseOrderNumber(locked.number)));
    }
    if (change.mailsSupplier) await queueOrderMail(tx, locked.id);
    const order = await loadOrder(tx, change.auth, locked.id);
    await auditOrder(tx, change.auth, order, 'order', {});
    return { status: 200 as const, body: { message: PURCHASE_ORDER_ORDERED, purchaseOrder: order } };
  });
}

/** Cancels an order nothing has arrived against. */
export function cancelOrder(db: Db, change: StatusChange) {
  return runIdempotent(db, change.requestKey, async (tx) => {
    const locked = await mustLock(tx, change.auth, change.id);
    await assertMayOrder(tx, change.auth, locked.store_id);
    const number = purchaseOrderNumber(locked.number);
    const cancelled = await changeOrderStatus(tx, locked.id, {
      from: ['draft', 'ordered'],
      to: 'cancelled',
      reason: change.reason,
      nothingReceived: true,
    });
    if (!cancelled) {
      throw new AppError('conflict', locked.status === 'partially_received' ? orderHasReceipts(number) : orderNotClosable(number));
    }
    const order = await loadOrder(tx, change.auth, locked.id);
    await auditOrder(tx, change.auth, order, 'cancel', { reason: change.reason });
    return { status: 200 as const, body: { message: PURCHASE_ORDER_CANCELLED, purchaseOrder: order } };
  });
}

/** Closes an order still waiting for goods: what has not come will not. */
export function closeOrder(db: Db, change: StatusChange) {
  return runIdempotent(db, change.requestKey, async (tx) => {
    const locked = await mustLock(tx, change.auth, change.id);
    await assertMayOrder(tx, change.auth, locked.store_id);
    const closed = await changeOrderStatus(tx, locked.id, { from: RECEIVABLE_STATUSES, to: 'closed_short', reason: change.reason });
    if (!closed) throw new AppError('conflict', orderNotClosable(purchaseOrderNumber(locked.number)));
    const order = await loadOrder(tx, change.auth, locked.id);
    await auditOrder(tx, change.auth, order, 'close', { reason: change.reason });
    return { status: 200 as const, body: { message: PURCHASE_ORDER_CLOSED, purchaseOrder: order } };
  });
}

/**
 * Records what arrived against an order. Per line, one conditional statement keeps what arrived
 * (whole and damaged) within the ordered quantity and its tolerance; it all enters the store as a
 * delivery at the line's cost, and what arrived damaged leaves again at that same cost, so damage
 * never moves the average.
 */
export function receiveOrder(
  db: Db,
  context: ReceiptContext,
  id: string,
  input: z.output<typeof PurchaseReceiptRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx, key) => (await receiveWithin(tx, context, id, input, key)).answer);
}

/** A receipt (see receiveOrder) in the caller's transaction, with the id of the receipt it recorded. */
export async function receiveWithin(
  tx: Tx,
  context: ReceiptContext,
  id: string,
  input: z.output<typeof PurchaseReceiptRequestSchema>,
  key: string | undefined,
) {
  const { auth } = context;
  const actorId = context.receivedBy ?? auth.userId;
  const locked = await mustLock(tx, auth, id);
  const number = purchaseOrderNumber(locked.number);
  if (!(RECEIVABLE_STATUSES as readonly string[]).includes(locked.status)) throw new AppError('conflict', orderNotReceivable(number));
  assertDayAllowed(input.receivedAt, { ...context, role: auth.role });
  const { receiptTolerancePercent } = await buyingSettings(tx);
  const lines = new Map((await findOrderLines(tx, locked.id, receiptTolerancePercent)).map((line) => [line.id, line]));
  const receiptId = await insertReceipt(tx, {
    orderId: locked.id,
    receivedOn: input.receivedAt,
    deliveryNote: input.deliveryNote ?? null,
    receivedBy: actorId,
  });
  const reason = input.deliveryNote ? `${number} · ${input.deliveryNote}` : number;
  for (const entered of [...input.lines].sort((a, b) => a.lineId.localeCompare(b.lineId))) {
    const line = lines.get(entered.lineId);
    if (!line) throw new AppError('bad_request', ORDER_LINE_UNKNOWN);
    const receipt = await receiptLineInStock(tx, auth, line.material_id, entered);
    if (receipt.received + receipt.damaged === 0) continue;
    const updated = await addToOrderLine(tx, {
      orderId: locked.id,
      lineId: line.id,
      received: receipt.received,
      damaged: receipt.damaged,
      tolerancePercent: receiptTolerancePercent,
    });
    if (!updated) throw new AppError('conflict', receiptPastTolerance(line.name, quantityOf(line.allowed)));
    const arrived = quantitySum([receipt.received, receipt.damaged]);
    const deliveryId = await addDeliveryRow(tx, {
      storeId: locked.store_id,
      materialId: updated.material_id,
      quantity: arrived,
      supplier: locked.supplier_name,
      day: input.receivedAt,
      batch: receipt.batch,
      expiresOn: receipt.expiresOn,
    });
    const common = {
      itemKind: 'material' as const,
      itemId: updated.material_id,
      storeIds: [locked.store_id],
      actorId,
      occurredAt: occurredOn(input.receivedAt, context.timeZone),
      attachments: input.attachments,
      location: input.location,
      today: todayIn(context.timeZone),
    };
    const refusals = { notFound: MATERIAL_NOT_FOUND, refused: () => orderNotReceivable(number) };
    await recordMovementOrRefuse(
      tx,
      {
        ...common,
        kind: 'delivery',
        quantity: arrived,
        supplier: locked.supplier_name,
        reason,
        unitCost: updated.unit_cost,
        exactValue: arrivedValue(receipt, updated),
        deliveryId,
        idempotencyKey: key,
        entered: receipt.entered?.arrived,
        batch: receipt.batch ? batchMoveOf('delivery', receipt.batch, undefined, receipt.expiresOn) : undefined,
      },
      refusals,
    );
    if (receipt.damaged > 0) {
      await recordMovementOrRefuse(
        tx,
        {
          ...common,
          kind: 'damage',
          quantity: receipt.damaged,
          reason: `Damaged on arrival (${number})`,
          entered: receipt.entered?.damaged,
          unitCost: updated.unit_cost,
          exactValue: damagedValue(receipt.damaged, updated),
          // What arrived damaged leaves the batch it came in.
          batch: receipt.batch ? batchMoveOf('damage', receipt.batch, undefined) : undefined,
        },
        refusals,
      );
    }
    await insertReceiptLine(tx, { receiptId, lineId: line.id, deliveryId, received: receipt.received, damaged: receipt.damaged });
  }
  await settleReceivedStatus(tx, locked.id);
  const order = await loadOrder(tx, auth, locked.id);
  await auditOrder(tx, auth, order, 'receive', {
    receivedAt: input.receivedAt,
    deliveryNote: input.deliveryNote ?? null,
    lines: input.lines,
    ...(actorId === auth.userId ? {} : { receivedBy: actorId }),
  });
  return { receiptId, answer: { status: 201 as const, body: { message: PURCHASE_RECEIPT_RECORDED, purchaseOrder: order, receiptId } } };
}
