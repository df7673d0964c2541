import { buffer } from 'node:stream/consumers';
import { fillPrinted, PRINTED_TEXTS } from '@stockyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type MailSettings, startMailLoop } from '../../lib/mail/mail-loop';
import { tablePdfStream } from '../../lib/pdf/pdf-threads';
import { purchaseOrderFileName, purchaseOrderPdf } from './purchase-order-file';
import { presentOrder } from './purchase-orders.presenter';
import { findOrderRows, leaseOrderMail, type PendingOrderMail } from './purchase-orders.repository';

const BATCH = 10;
const LEASE_SECONDS = 300;

/**
 * Emails each order's PDF to its supplier once it is ordered, after the order committed (see
 * startMailLoop). Suppliers' languages are not known: the email and the PDF are in English.
 */
export function startOrderMail(
  db: Db,
  settings: MailSettings,
  log: FastifyBaseLogger,
  company: { currency: string; timeZone: string },
): () => Promise<void> {
  const texts = PRINTED_TEXTS.en;
  async function messageOf(mail: PendingOrderMail, from: string) {
    const [row] = (await findOrderRows(db, { storeIds: null, ids: [mail.id] })).rows;
    if (!row) throw new Error(`purchase order ${mail.id} is gone`);
    const order = presentOrder(row);
    const generated = { at: new Date(), by: mail.ordered_by ?? '', timeZone: company.timeZone };
    const pdf = await buffer(tablePdfStream(purchaseOrderPdf(order, { currency: company.currency, generated }, texts)));
    const parts = { number: order.number, supplier: mail.supplier_name, store: mail.store_name };
    return {
      from,
      to: { name: mail.supplier_name, address: mail.email },
      subject: fillPrinted(texts.orderMail.subject, parts),
      text: fillPrinted(texts.orderMail.text, parts),
      attachments: [{ filename: purchaseOrderFileName(order), content: pdf, contentType: 'application/pdf' }],
    };
  }
  return startMailLoop(db, settings, log, {
    what: 'purchase order',
    table: 'purchase_orders',
    leaseDue: () => leaseOrderMail(db, BATCH, LEASE_SECONDS),
    messageOf,
  });
}
