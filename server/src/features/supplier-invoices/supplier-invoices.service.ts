import {
  type BuyingSettings,
  INVOICE_ALREADY_APPROVED,
  type InvoiceLineMatch,
  invoiceLinesNotOrdered,
  invoiceLinesUnmatched,
  invoiceNumberTaken,
  invoiceTotalOff,
  type ReceivedNotInvoicedQuerySchema,
  SUPPLIER_INVOICE_APPROVED,
  SUPPLIER_INVOICE_NOT_FOUND,
  SUPPLIER_INVOICE_SAVED,
  type SupplierInvoice,
  type SupplierInvoiceApproveRequestSchema,
  type SupplierInvoiceCreateRequestSchema,
  type SupplierInvoiceListQuerySchema,
  sumMoney,
} from '@stockyard/contract';
import Big from 'big.js';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { assertStoreVisible, storeScopeOf } from '../../lib/auth/policy';
import type { AuthContext } from '../../lib/auth/sessions';
import { todayIn } from '../../lib/calendar';
import { AppError, databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/errors';
import { type RequestKey, runIdempotent } from '../../lib/idempotency';
import { recordAudit } from '../audit/audit.service';
import { assertFitsDecimals } from '../materials/materials.service';
import { buyingSettings } from '../settings/settings.service';
import { namedSupplier } from '../suppliers/suppliers.service';
import { presentInvoice, presentNotInvoiced } from './supplier-invoices.presenter';
import {
  countOrderedLines,
  findInvoiceRows,
  findOrderLineMaterials,
  findReceivedNotInvoiced,
  type InvoiceLineRow,
  insertInvoice,
  lockInvoiceAndLines,
  markApproved,
} from './supplier-invoices.repository';

/**
 * How an invoice line stands against its order line: its price within the price tolerance of the
 * order's cost, then its quantity within what may still be charged (plus the quantity tolerance); a
 * quantity beyond that which goods still to come would cover awaits their receipt.
 */
export function matchOf(line: InvoiceLineRow, settings: BuyingSettings): InvoiceLineMatch {
  const cost = new Big(line.ordered_unit_cost);
  const priceOff = new Big(line.unit_price).minus(cost).abs();
  if (priceOff.gt(cost.times(settings.priceTolerancePercent).div(100))) return 'price_variance';
  const invoiced = new Big(line.quantity);
  const tolerated = new Big(line.invoiceable).plus(settings.quantityTolerance);
  if (invoiced.lte(tolerated)) return 'matched';
  if (Number(line.outstanding) > 0 && invoiced.lte(tolerated.plus(line.outstanding))) return 'awaiting_receipt';
  return 'quantity_variance';
}

async function presentedInvoices(db: DbOrTx, query: Parameters<typeof findInvoiceRows>[1]) {
  const [{ rows, total }, settings] = await Promise.all([findInvoiceRows(db, query), buyingSettings(db)]);
  return { invoices: rows.map((row) => presentInvoice(row, (line) => matchOf(line, settings))), total };
}

async function loadInvoice(db: DbOrTx, id: string): Promise<SupplierInvoice> {
  const [invoice] = (await presentedInvoices(db, { ids: [id] })).invoices;
  if (!invoice) throw new AppError('not_found', SUPPLIER_INVOICE_NOT_FOUND);
  return invoice;
}

export function listInvoices(db: DbOrTx, query: z.output<typeof SupplierInvoiceListQuerySchema>) {
  return presentedInvoices(db, query);
}

export function getInvoice(db: DbOrTx, id: string): Promise<SupplierInvoice> {
  return loadInvoice(db, id);
}

function auditInvoice(tx: Tx, auth: AuthContext, invoice: SupplierInvoice, action: 'create' | 'approve', details: Record<string, unknown>) {
  return recordAudit(tx, {
    actorId: auth.userId,
    action,
    entityType: 'supplier_invoice',
    entityId: invoice._id,
    entityName: `${invoice.number} from ${invoice.supplier.name}`,
    details,
  });
}

/** Enters a supplier's invoice: its lines on orders sent to that supplier, its total their sum to the cent. */
export function createInvoice(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof SupplierInvoiceCreateRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const supplier = await namedSupplier(tx, input.supplierId);
    const lineIds = [...new Set(input.lines.map((line) => line.purchaseOrderLineId))];
    const outside = lineIds.length - (await countOrderedLines(tx, supplier._id, lineIds));
    if (outside > 0) throw new AppError('bad_request', invoiceLinesNotOrdered(outside));
    const materialOf = await findOrderLineMaterials(tx, lineIds);
    await assertFitsDecimals(
      tx,
      input.lines.map((line) => ({ materialId: materialOf.get(line.purchaseOrderLineId) as string, quantity: line.quantity })),
    );
    const sum = sumMoney(input.lines.map((line) => new Big(line.unitPrice).times(line.quantity).round(2, Big.roundHalfUp).toFixed(2)));
    if (new Big(sum).minus(input.total).abs().gt('0.01'))
      throw new AppError('bad_request', invoiceTotalOff(new Big(input.total).toFixed(2), sum));
    const id = await insertInvoice(tx, { ...input, createdBy: auth.userId }).catch((error) => {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('conflict', invoiceNumberTaken(input.number, supplier.name));
      throw error;
    });
    const invoice = await loadInvoice(tx, id);
    await auditInvoice(tx, auth, invoice, 'create', { total: invoice.total, lines: invoice.lines.length });
    return { status: 201 as const, body: { message: SUPPLIER_INVOICE_SAVED, invoice } };
  });
}

/** Approves an invoice whose lines all match, or, with an admin's reason, one whose lines do not. */
export function approveInvoice(
  db: Db,
  auth: AuthContext,
  id: string,
  input: z.output<typeof SupplierInvoiceApproveRequestSchema>,
  requestKey?: RequestKey,
) {
  return runIdempotent(db, requestKey, async (tx) => {
    const status = await lockInvoiceAndLines(tx, id);
    if (status === undefined) throw new AppError('not_found', SUPPLIER_INVOICE_NOT_FOUND);
    if (status !== 'open') throw new AppError('conflict', INVOICE_ALREADY_APPROVED);
    const invoice = await loadInvoice(tx, id);
    const unmatched = invoice.lines.filter((line) => line.match !== 'matched');
    const reason = input.reason || null;
    if (unmatched.length > 0 && !reason) {
      throw new AppError(
        'conflict',
        invoiceLinesUnmatched(unmatched.map((line) => `${line.name} (${line.match.replace('_', ' ')})`).join(', ')),
      );
    }
    await markApproved(tx, id, {
      approvedBy: auth.userId,
      reason,
      matches: invoice.lines.map((line) => ({ lineId: line._id, match: line.match, invoiceable: line.invoiceable })),
    });
    const approved = await loadInvoice(tx, id);
    await auditInvoice(tx, auth, approved, 'approve', {
      reason,
      unmatched: unmatched.map((line) => ({ name: line.name, match: line.match })),
    });
    return { status: 200 as const, body: { message: SUPPLIER_INVOICE_APPROVED, invoice: approved } };
  });
}

/** What arrived and was not yet invoiced, as of a day (today by default), valued at the orders' costs. */
export async function receivedNotInvoiced(
  db: DbOrTx,
  auth: AuthContext,
  query: z.output<typeof ReceivedNotInvoicedQuerySchema>,
  timeZone: string,
) {
  assertStoreVisible(auth, query.storeId);
  const asOf = query.asOf ?? todayIn(timeZone);
  const rows = await findReceivedNotInvoiced(db, { asOf, storeIds: storeScopeOf(auth), storeId: query.storeId });
  return { asOf, rows: rows.map(presentNotInvoiced), total: sumMoney(rows.map((row) => row.value)) };
}
