import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST', url: string, payload?: object, token = staff.admin.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** 100 bags ordered at 400.00 and sent; `receipts` received against it, each with its day. */
async function orderReceived(receipts: { received: number; damaged?: number; on?: string }[]) {
  const material = await createMaterial(t.app, staff.keeper.token);
  const supplier = (await send('POST', '/api/suppliers', { name: unique('Lafarge') })).json().supplier as { _id: string; name: string };
  const made = await send('POST', '/api/purchase-orders', {
    supplierId: supplier._id,
    storeId: staff.store._id,
    lines: [{ materialId: material._id, quantity: 100, unitCost: '400.00' }],
  });
  const order = made.json().purchaseOrder as { _id: string; number: string; lines: { _id: string }[] };
  const lineId = order.lines[0]?._id as string;
  await send('POST', `/api/purchase-orders/${order._id}/order`);
  for (const receipt of receipts) {
    const answer = await send(
      'POST',
      `/api/purchase-orders/${order._id}/receipts`,
      { receivedAt: receipt.on ?? today, lines: [{ lineId, received: receipt.received, damaged: receipt.damaged ?? 0 }] },
      staff.keeper.token,
    );
    expect(answer.statusCode, answer.body).toBe(201);
  }
  return { material, supplier, order, lineId };
}

function invoice(supplierId: string, lines: { purchaseOrderLineId: string; quantity: number; unitPrice: string }[], fields: object = {}) {
  const total = lines.reduce((sum, line) => sum + line.quantity * Number(line.unitPrice), 0).toFixed(2);
  return send('POST', '/api/supplier-invoices', { supplierId, number: unique('INV'), date: today, lines, total, ...fields });
}

describe('supplier invoices', () => {
  it('match 98 at 400.00; flag 98 at 410.00 as a price variance and 100 at 400.00 as a quantity variance', async () => {
    const { supplier, lineId } = await orderReceived([{ received: 60 }, { received: 38, damaged: 2 }]);
    const matched = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '400.00' }]);
    expect(matched.statusCode, matched.body).toBe(201);
    expect(matched.json().invoice).toMatchObject({
      status: 'open',
      matched: true,
      total: '39200.00',
      lines: [{ quantity: 98, unitPrice: '400', amount: '39200.00', orderedUnitCost: '400', invoiceable: 98, match: 'matched' }],
    });
    const dearer = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '410.00' }]);
    expect(dearer.json().invoice).toMatchObject({ matched: false, lines: [{ match: 'price_variance' }] });
    const more = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 100, unitPrice: '400.00' }]);
    expect(more.json().invoice.lines[0].match).toBe('quantity_variance');
    // 1 % of 400.00 is 4.00: 404.00 still matches.
    const withinPrice = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '404' }]);
    expect(withinPrice.json().invoice.lines[0].match).toBe('matched');
  });

  it('match an invoice for the first 60 received, then one for the other 38 once the first is approved', async () => {
    const { supplier, lineId, material } = await orderReceived([{ received: 60 }]);
    const first = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 60, unitPrice: '400' }]);
    expect(first.json().invoice.lines[0].match).toBe('matched');
    // 38 more than has arrived, with 40 still to come: it awaits the goods.
    const early = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '400' }]);
    expect(early.json().invoice.lines[0].match).toBe('awaiting_receipt');
    const approved = await send('POST', `/api/supplier-invoices/${first.json().invoice._id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'Invoice approved.', invoice: { status: 'approved', matched: true } });

    const order = await queryRows<{ id: string }>(
      t.database.db,
      sql`select purchase_order_id as id from purchase_order_lines where id = ${lineId}`,
    );
    await send(
      'POST',
      `/api/purchase-orders/${order[0]?.id}/receipts`,
      { receivedAt: today, lines: [{ lineId, received: 38, damaged: 2 }] },
      staff.keeper.token,
    );
    const second = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 38, unitPrice: '400' }]);
    expect(second.json().invoice.lines[0]).toMatchObject({ invoiceable: 38, match: 'matched' });
    // The first stays as it was approved, whatever came after.
    const kept = await send('GET', `/api/supplier-invoices/${first.json().invoice._id}`);
    expect(kept.json()).toMatchObject({ status: 'approved', matched: true, lines: [{ invoiceable: 60, match: 'matched' }] });
    expect(material._id).toBeTruthy();
  });

  it('refuse approval until the lines match, or with an admin reason, audited; never twice', async () => {
    const { supplier, lineId } = await orderReceived([{ received: 98, damaged: 2 }]);
    const dearer = (await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '410' }])).json().invoice;
    const refused = await send('POST', `/api/supplier-invoices/${dearer._id}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `These lines do not match: ${dearer.lines[0].name} (price variance). Resolve them, or approve with a reason.`,
    );
    const overridden = await send('POST', `/api/supplier-invoices/${dearer._id}/approve`, { reason: 'Price rise agreed by phone' });
    expect(overridden.json().invoice).toMatchObject({
      status: 'approved',
      matched: false,
      overrideReason: 'Price rise agreed by phone',
      lines: [{ match: 'price_variance' }],
    });
    expect((await send('POST', `/api/supplier-invoices/${dearer._id}/approve`, { reason: 'again' })).json().message).toBe(
      'This invoice has already been approved.',
    );
    const audit = await queryRows<{ action: string; reason: string | null }>(
      t.database.db,
      sql`select action, details->>'reason' as reason from audit_events where entity_type = 'supplier_invoice' and entity_id = ${dearer._id} order by at`,
    );
    expect(audit).toEqual([
      { action: 'create', reason: null },
      { action: 'approve', reason: 'Price rise agreed by phone' },
    ]);
    // Everything received is now charged: a further invoice for the same goods is a quantity variance.
    const again = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 1, unitPrice: '400' }]);
    expect(again.json().invoice.lines[0]).toMatchObject({ invoiceable: 0, match: 'quantity_variance' });
  });

  it('charge only what stayed: goods returned to the supplier are not invoiceable', async () => {
    const { supplier, lineId, material, order } = await orderReceived([{ received: 98, damaged: 2 }]);
    const back = await send('POST', '/api/supplier-returns', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      purchaseOrderId: order._id,
      reason: 'Torn bags',
      lines: [{ materialId: material._id, quantity: 10 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    const all = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 98, unitPrice: '400' }]);
    expect(all.json().invoice.lines[0]).toMatchObject({ invoiceable: 88, match: 'quantity_variance' });
    const kept = await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 88, unitPrice: '400' }]);
    expect(kept.json().invoice.lines[0].match).toBe('matched');
  });

  it('let only one of two invoices for the same goods be approved at once', async () => {
    const { supplier, lineId } = await orderReceived([{ received: 50 }]);
    const ids = await Promise.all(
      [1, 2].map(
        async () => (await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 50, unitPrice: '400' }])).json().invoice._id,
      ),
    );
    const answers = await Promise.all(ids.map((id) => send('POST', `/api/supplier-invoices/${id}/approve`, {})));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuse a total off its lines, a number entered twice, and lines of another supplier or not yet ordered', async () => {
    const { supplier, lineId } = await orderReceived([{ received: 10 }]);
    const line = { purchaseOrderLineId: lineId, quantity: 10, unitPrice: '400' };
    const off = await invoice(supplier._id, [line], { total: '4000.02' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('The invoice total 4000.02 is not the sum of its lines, 4000.00.');
    expect((await invoice(supplier._id, [line], { total: '4000.01' })).statusCode).toBe(201);
    const numbered = await invoice(supplier._id, [line], { number: 'A-17' });
    expect(numbered.statusCode).toBe(201);
    const twice = await invoice(supplier._id, [line], { number: 'a-17' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Invoice a-17 from ${supplier.name} has already been entered.`);
    const other = (await send('POST', '/api/suppliers', { name: unique('Other') })).json().supplier;
    expect((await invoice(other._id, [line])).json().message).toBe('One line of the invoice is not on an order sent to this supplier.');
    expect((await invoice(supplier._id, [line, line])).json().message).toBe('Each order line may appear once.');
    expect((await send('GET', '/api/supplier-invoices', undefined, staff.keeper.token)).statusCode).toBe(403);
    const listed = await send('GET', `/api/supplier-invoices?supplierId=${supplier._id}&status=open`);
    expect(listed.json().total).toBe(2);
  });
});

describe('received not invoiced', () => {
  it('values what arrived by a day less what approved invoices charged, and sums to its rows', async () => {
    const { supplier, lineId, order, material } = await orderReceived([
      { received: 30, on: yesterday },
      { received: 20, damaged: 5 },
    ]);
    const report = async (asOf?: string) =>
      (await send('GET', `/api/reports/received-not-invoiced?storeId=${staff.store._id}${asOf ? `&asOf=${asOf}` : ''}`)).json();
    const before = await report(yesterday);
    expect(before.rows.find((row: { purchaseOrderLineId: string }) => row.purchaseOrderLineId === lineId)).toMatchObject({
      purchaseOrder: { number: order.number },
      received: 30,
      invoiced: 0,
      notInvoiced: 30,
      value: '12000.00',
    });
    const charged = (await invoice(supplier._id, [{ purchaseOrderLineId: lineId, quantity: 45, unitPrice: '400' }])).json().invoice;
    await send('POST', `/api/supplier-invoices/${charged._id}/approve`, {});
    const now = await report();
    const row = now.rows.find((r: { purchaseOrderLineId: string }) => r.purchaseOrderLineId === lineId);
    expect(row).toMatchObject({ received: 50, invoiced: 45, notInvoiced: 5, value: '2000.00' });
    const sum = now.rows.reduce((cents: number, r: { value: string }) => cents + Math.round(Number(r.value) * 100), 0);
    expect(Math.round(Number(now.total) * 100)).toBe(sum);
    expect(now.asOf).toBe(today);

    // Goods sent back today leave what was received from today on, not before.
    const sentBack = await send('POST', '/api/supplier-returns', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      purchaseOrderId: order._id,
      reason: 'Split bags',
      lines: [{ materialId: material._id, quantity: 3 }],
    });
    expect(sentBack.statusCode, sentBack.body).toBe(201);
    const after = (await report()).rows.find((r: { purchaseOrderLineId: string }) => r.purchaseOrderLineId === lineId);
    expect(after).toMatchObject({ received: 47, invoiced: 45, notInvoiced: 2, value: '800.00' });
    const earlier = (await report(yesterday)).rows.find((r: { purchaseOrderLineId: string }) => r.purchaseOrderLineId === lineId);
    expect(earlier).toMatchObject({ received: 30, notInvoiced: 30 });
  });
});
