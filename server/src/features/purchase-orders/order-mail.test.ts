import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { readPdfText } from '../../../test/pdf-text';
import { startSmtp, until } from '../../../test/smtp';
import { queryRows } from '../../db/sql';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ mail: { smtpUrl: smtp.url, from: 'Stockyard <stockyard@example.com>', pollMs: 50, retryBaseMs: 200 } });
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function post(url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(staff.admin.token), payload });
}

async function orderFor(supplier: { name: string; email?: string }) {
  const made = await post('/api/suppliers', supplier);
  expect(made.statusCode, made.body).toBe(201);
  const material = await createMaterial(t.app, staff.keeper.token, { name: unique('Rebar 12 mm'), unit: 'bar' });
  const drafted = await post('/api/purchase-orders', {
    supplierId: made.json().supplier._id,
    storeId: staff.store._id,
    needBy: '2026-12-15',
    lines: [{ materialId: material._id, quantity: 250, unitCost: '12.345' }],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  return { order: drafted.json().purchaseOrder as { _id: string; number: string }, material };
}

async function supplierMailOf(orderId: string) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/purchase-orders/${orderId}`, headers: bearer(staff.admin.token) });
  return answer.json().supplierMail as string | null;
}

describe("an order's PDF emailed to its supplier", () => {
  it('goes out once the order is sent, after a refusal, with the order as a PDF attached', async () => {
    const email = `orders.${Date.now()}@supplier.example.com`;
    const supplierName = unique('Steelworks');
    const { order, material } = await orderFor({ name: supplierName, email });
    expect(await supplierMailOf(order._id)).toBeNull();
    smtp.state.refuse = 1;
    const sent = await post(`/api/purchase-orders/${order._id}/order`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().purchaseOrder.supplierMail).toBe('pending');

    const state = await until(
      () => supplierMailOf(order._id),
      (value) => value === 'sent',
    );
    expect(state).toBe('sent');
    // Refused once, then sent: two tries.
    const [row] = await queryRows<{ mail_attempts: number }>(
      t.database.db,
      sql`select mail_attempts from purchase_orders where id = ${order._id}`,
    );
    expect(row?.mail_attempts).toBe(2);
    const mails = smtp.received.filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]?.body ?? '');
    expect(mail.subject).toBe(`Purchase order ${order.number}`);
    expect(mail.text).toContain(`Hello ${supplierName},`);
    expect(mail.text).toContain(`purchase order ${order.number}, to be delivered to ${staff.store.name}`);
    const [pdf] = mail.attachments;
    expect(pdf?.filename).toBe(`purchase_order_${order.number}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const text = (await readPdfText(new Uint8Array(pdf?.content ?? []))).pages.flat().join(' ');
    expect(text).toContain(`Purchase order ${order.number} - ${supplierName}`);
    expect(text).toContain(material.name);
    expect(text).toContain('250 bar');
    // 250 × 12.345 = 3,086.25, the line and the order's total.
    expect(text).toContain('3,086.25');
    expect(text).toContain(`Deliver to: ${staff.store.name} · Needed by 15/12/2026`);
  });

  it('is not queued for a supplier with no email, and the order downloads as the same PDF', async () => {
    const { order, material } = await orderFor({ name: unique('Cash and carry') });
    const sent = await post(`/api/purchase-orders/${order._id}/order`);
    expect(sent.json().purchaseOrder.supplierMail).toBeNull();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/purchase-orders/${order._id}/pdf`,
      headers: { ...bearer(staff.keeper.token), 'accept-language': 'fr' },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`purchase_order_${order.number}.pdf`);
    const text = (await readPdfText(new Uint8Array(file.rawPayload))).pages.flat().join(' ');
    expect(text).toContain(`Bon de commande ${order.number}`);
    expect(text).toContain(material.name);
    expect(text).toContain('3 086,25');
  });
});
