import {
  DELIVERY_NOT_FOUND,
  DELIVERY_WOULD_GO_NEGATIVE,
  deliveryFromOrder,
  INVENTORY_ENTRY_DELETED,
  type ListQuery,
  type Location,
  MATERIAL_NOT_FOUND,
  purchaseOrderNumber,
} from '@stockyard/contract';
import Big from 'big.js';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { occurredOn } from '../../db/sql';
import { storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { assertDayAllowed } from '../../lib/movement-day';
import type { TablePdf } from '../../lib/pdf/table-pdf';
import { quantityLess } from '../../lib/quantities';
import { recordAudit } from '../audit/audit.service';
import { type PrintContext, printedPhotosOf } from '../files/printed-photos';
import { inStockUnit, storeOfMaterial } from '../materials/materials.service';
import { batchMoveOf, type EnteredUnit, recordMovementOrRefuse } from '../movements/movements.service';
import { type DeliveryRecord, presentDelivery } from './deliveries.presenter';
import {
  type DeliveryValues,
  findDeliveryLines,
  findDeliveryRows,
  insertDelivery,
  type LockedDelivery,
  lockDeliveryRow,
  markDeliveryDeleted,
  updateDeliveryRow,
} from './deliveries.repository';
import { deliveryEvent, deliveryNoteFileName, deliveryNotePdf } from './delivery-note-file';

export type DeliveryInput = {
  productId: string;
  quantity: number;
  /** Another of the material's units the quantity and cost are in. */
  unit?: string;
  supplier: string;
  day: string;
  unitCost?: string;
  /** Proof of what arrived, on the delivery's line when it is recorded (a correction writes none). */
  attachments?: string[];
  location?: Location;
  /** For a material that tracks expiry: the batch that arrived and the day it expires. */
  batch?: string;
  expiresOn?: string;
};

type Context = { auth: AuthContext; timeZone: string; offlineMaxAgeDays: number; idempotencyKey?: string };

/** Who records a delivery, under which rules, and the request's Idempotency-Key. */
export type DeliveryContext = Omit<Context, 'idempotencyKey'> & { requestKey?: RequestKey };

/** How an answer shows the delivery: as the admin's inventory entry or as the keeper's supply. */
export type DeliveryAnswer = { message: string; field: string; present: (record: DeliveryRecord) => unknown };

/** Records a delivery, idempotently: a repeat of the request answers the first. */
export function createDelivery(db: Db, context: DeliveryContext, input: DeliveryInput, answer: DeliveryAnswer) {
  return runIdempotent(db, context.requestKey, async (tx, idempotencyKey) => {
    const record = await createDeliveryIn(tx, { ...context, idempotencyKey }, input);
    return { status: 201 as const, body: { message: answer.message, [answer.field]: answer.present(record) } };
  });
}

/** Edits a delivery, idempotently. */
export function updateDelivery(db: Db, context: DeliveryContext, id: string, input: DeliveryInput, answer: DeliveryAnswer) {
  return runIdempotent(db, context.requestKey, async (tx, idempotencyKey) => {
    const record = await updateDeliveryIn(tx, { ...context, idempotencyKey }, id, input);
    return { status: 200 as const, body: { message: answer.message, [answer.field]: answer.present(record) } };
  });
}

/** Deletes a delivery, idempotently. */
export function deleteDelivery(db: Db, context: DeliveryContext, id: string) {
  return runIdempotent(db, context.requestKey, async (tx, idempotencyKey) => {
    await deleteDeliveryIn(tx, { ...context, idempotencyKey }, id);
    return { status: 200 as const, body: { message: INVENTORY_ENTRY_DELETED } };
  });
}

/** A delivery's row, for a caller that moves its stock itself (a receipt against a purchase order); its id. */
export function addDeliveryRow(tx: DbOrTx, values: DeliveryValues): Promise<string> {
  return insertDelivery(tx, values);
}

/** Moves a material's stock by a delivery's quantity (negative to take a delivery back). */
async function moveDeliveredStock(
  tx: Tx,
  context: Context,
  deliveryId: string,
  change: {
    materialId: string;
    quantity: number;
    day: string;
    supplier: string;
    unitCost?: string;
    /** The delivery as entered in another unit (its value then exactly quantity × cost as entered). */
    entered?: EnteredUnit;
    attachments?: string[];
    location?: Location;
    /** The batch it moves: brought with its expiry, or taken back. */
    batch?: string | null;
    expiresOn?: string | null;
  },
) {
  const batch = change.batch
    ? batchMoveOf('delivery', change.batch, todayIn(context.timeZone), change.quantity > 0 ? (change.expiresOn ?? undefined) : undefined)
    : undefined;
  await recordMovementOrRefuse(
    tx,
    {
      itemKind: 'material',
      itemId: change.materialId,
      storeIds: storeScopeOf(context.auth),
      kind: 'delivery',
      quantity: change.quantity,
      actorId: context.auth.userId,
      occurredAt: occurredOn(change.day, context.timeZone),
      supplier: change.supplier,
      // A cost applies to what comes in; what a correction takes back leaves at the average.
      unitCost: change.quantity > 0 ? change.unitCost : undefined,
      entered: change.quantity > 0 ? change.entered : undefined,
      deliveryId,
      idempotencyKey: context.idempotencyKey,
      attachments: change.attachments,
      location: change.location,
      today: todayIn(context.timeZone),
      batch,
    },
    { notFound: MATERIAL_NOT_FOUND, refused: () => DELIVERY_WOULD_GO_NEGATIVE },
  );
}

async function mustFind(tx: DbOrTx, id: string, storeIds: string[] | null): Promise<DeliveryRecord> {
  const { rows } = await findDeliveryRows(tx, { storeIds, ids: [id], withProof: true });
  if (!rows[0]) throw new AppError('not_found', DELIVERY_NOT_FOUND);
  return presentDelivery(rows[0]);
}

/** A delivery entered in another unit of its material's, as a quantity and cost per stock unit, and as entered. */
type StockDelivery = DeliveryInput & { entered?: EnteredUnit };

/**
 * A delivery's quantity converted exactly to stock units (a 400 names the nearest that land on the
 * material's decimals), its cost per stock unit to 4 decimals, and as entered for the ledger line.
 */
async function inStockUnits(tx: Tx, auth: AuthContext, input: DeliveryInput): Promise<StockDelivery> {
  const stock = await inStockUnit(tx, auth, input.productId, input);
  const entered = stock.entered;
  if (!entered) return { ...input, unit: undefined };
  const unitCost = entered.unitCost ? new Big(entered.unitCost).div(entered.factor).round(4, Big.roundHalfUp).toString() : undefined;
  return { ...input, unit: undefined, quantity: stock.quantity, unitCost, entered };
}

/** Records a supplier delivery: stock goes up by its quantity on its day. */
async function createDeliveryIn(tx: Tx, context: Context, entry: DeliveryInput): Promise<DeliveryRecord> {
  assertDayAllowed(entry.day, { ...context, role: context.auth.role });
  const input = await inStockUnits(tx, context.auth, entry);
  const scope = storeScopeOf(context.auth);
  const storeId = await storeOfMaterial(tx, context.auth, input.productId);
  const { attachments, location, entered, ...values } = input;
  const deliveryId = await insertDelivery(tx, { storeId, materialId: input.productId, ...values });
  await moveDeliveredStock(tx, context, deliveryId, {
    materialId: input.productId,
    quantity: input.quantity,
    day: input.day,
    supplier: input.supplier,
    unitCost: input.unitCost,
    entered,
    attachments,
    location,
    batch: input.batch,
    expiresOn: input.expiresOn,
  });
  const created = await mustFind(tx, deliveryId, scope);
  await auditDelivery(tx, context, 'create', created, { quantity: input.quantity, supplier: input.supplier, date: input.day });
  return created;
}

/**
 * Locks a live delivery of the caller's stores, so two edits of it take turns. One received against a
 * purchase order is not edited here: what the order says arrived is corrected by a return to the supplier.
 */
async function lockDelivery(tx: Tx, id: string, storeIds: string[] | null): Promise<LockedDelivery> {
  const row = await lockDeliveryRow(tx, id, storeIds);
  if (!row) throw new AppError('not_found', DELIVERY_NOT_FOUND);
  if (row.order_number !== null) throw new AppError('conflict', deliveryFromOrder(purchaseOrderNumber(row.order_number)));
  return row;
}

/**
 * Edits a delivery. The ledger keeps the truth: the same material on the same day moves by the
 * difference; otherwise the old delivery is taken back on its day and the new one recorded on its own.
 */
async function updateDeliveryIn(tx: Tx, context: Context, id: string, entry: DeliveryInput): Promise<DeliveryRecord> {
  assertDayAllowed(entry.day, { ...context, role: context.auth.role });
  // A correction moves stock units: the difference is not the quantity entered.
  const { entered: _entered, ...input } = await inStockUnits(tx, context.auth, entry);
  const scope = storeScopeOf(context.auth);
  const old = await lockDelivery(tx, id, scope);
  const storeId = await storeOfMaterial(tx, context.auth, input.productId);

  const sameBatch = old.batch === (input.batch ?? null) && old.expires_on === (input.expiresOn ?? null);
  if (old.material_id === input.productId && old.date_received === input.day && sameBatch) {
    const difference = quantityLess(input.quantity, old.quantity);
    if (difference !== 0) {
      await moveDeliveredStock(tx, context, id, {
        materialId: input.productId,
        quantity: difference,
        day: input.day,
        supplier: input.supplier,
        unitCost: input.unitCost,
        batch: input.batch,
        expiresOn: input.expiresOn,
      });
    }
  } else {
    await moveDeliveredStock(tx, context, id, {
      materialId: old.material_id,
      quantity: -old.quantity,
      day: old.date_received,
      supplier: old.supplier,
      batch: old.batch,
    });
    await moveDeliveredStock(tx, context, id, {
      materialId: input.productId,
      quantity: input.quantity,
      day: input.day,
      supplier: input.supplier,
      unitCost: input.unitCost,
      batch: input.batch,
      expiresOn: input.expiresOn,
    });
  }
  await updateDeliveryRow(tx, id, { storeId, materialId: input.productId, ...input });
  const updated = await mustFind(tx, id, scope);
  await auditDelivery(tx, context, 'update', updated, {
    before: { productId: old.material_id, quantity: old.quantity, supplier: old.supplier, date: old.date_received },
    after: { productId: input.productId, quantity: input.quantity, supplier: input.supplier, date: input.day },
  });
  return updated;
}

/** Deletes a delivery by taking its stock back on its day; refused when that stock is gone. */
async function deleteDeliveryIn(tx: Tx, context: Context, id: string): Promise<void> {
  const scope = storeScopeOf(context.auth);
  const old = await lockDelivery(tx, id, scope);
  const record = await mustFind(tx, id, scope);
  await moveDeliveredStock(tx, context, id, {
    materialId: old.material_id,
    quantity: -old.quantity,
    day: old.date_received,
    supplier: old.supplier,
    batch: old.batch,
  });
  await markDeliveryDeleted(tx, id);
  await auditDelivery(tx, context, 'delete', record, { quantity: old.quantity, supplier: old.supplier, date: old.date_received });
}

function auditDelivery(
  tx: Tx,
  context: Context,
  action: 'create' | 'update' | 'delete',
  delivery: DeliveryRecord,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actorId: context.auth.userId,
    action,
    entityType: 'delivery',
    entityId: delivery._id,
    entityName: `${delivery.productId?.name ?? 'Unknown Product'} from ${delivery.supplier}`,
    storeId: delivery.storeId._id,
    details,
  });
}

/** Live deliveries of the caller's stores, latest day first, a page at a time; with their files unless `forExport`. */
export async function listDeliveries(db: DbOrTx, auth: AuthContext, query: ListQuery, forExport = false) {
  const { rows, total } = await findDeliveryRows(db, { ...query, storeIds: storeScopeOf(auth), withProof: !forExport });
  return { deliveries: rows.map(presentDelivery), total };
}

/** A live delivery of the caller's stores as a delivery note: its ledger lines, their photos, lines to sign. */
export async function deliveryNote(db: Db, auth: AuthContext, id: string, context: PrintContext): Promise<{ name: string; pdf: TablePdf }> {
  const { generated, texts } = context;
  const delivery = await mustFind(db, id, storeScopeOf(auth));
  const lines = await findDeliveryLines(db, id);
  const printed = lines.map((line) => ({ ...line, event: deliveryEvent(line, texts) }));
  const photos = await printedPhotosOf(db, auth, printed, context);
  return { name: deliveryNoteFileName(delivery), pdf: deliveryNotePdf(delivery, lines, photos, generated, texts) };
}
