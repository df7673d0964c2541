import { closingOf } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createMaterial,
  createPlacedOrder,
  createStore,
  createStoreWithStaff,
  createSupplier,
  createUser,
} from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = staff.admin.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

function newSupplier() {
  return createSupplier(t.app, staff.admin.token);
}

/** An order of `quantity` of a new material at `unitCost`, sent to the supplier. */
function placedOrder(quantity: number, unitCost = '400', opening = 0) {
  return createPlacedOrder(t.app, staff, { quantity, unitCost, opening });
}

function receive(orderId: string, lines: { lineId: string; received?: number; damaged?: number }[], token = staff.keeper.token) {
  return send('POST', `/api/purchase-orders/${orderId}/receipts`, { receivedAt: today, deliveryNote: 'DN-1', lines }, token);
}

async function stockOf(materialId: string) {
  const [row] = await queryRows<{ available_quantity: number; stock_value: string; average_cost: string }>(
    t.database.db,
    sql`select available_quantity::float8, stock_value::text, average_cost::text from materials where id = ${materialId}`,
  );
  return row;
}

describe('buying settings', () => {
  it('start at their defaults, change one at a time for admins, and are refused when out of range', async () => {
    const read = await send('GET', '/api/settings', undefined, staff.keeper.token);
    expect(read.json().settings).toMatchObject({
      keepersMayOrder: false,
      receiptTolerancePercent: 10,
      priceTolerancePercent: 1,
      quantityTolerance: 0,
    });
    const changed = await send('PUT', '/api/settings', { priceTolerancePercent: 2.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Settings saved.',
      settings: { priceTolerancePercent: 2.5, receiptTolerancePercent: 10 },
    });
    const again = await send('PUT', '/api/settings', { quantityTolerance: 1 });
    expect(again.json().settings).toMatchObject({ priceTolerancePercent: 2.5, quantityTolerance: 1 });
    expect((await send('PUT', '/api/settings', { receiptTolerancePercent: 101 })).json().message).toBe(
      'Receipt tolerance must be at most 100',
    );
    expect((await send('PUT', '/api/settings', { priceTolerancePercent: 0.125 })).json().message).toBe(
      'Price tolerance takes at most 2 decimals',
    );
    expect((await send('PUT', '/api/settings', { keepersMayOrder: true }, staff.keeper.token)).statusCode).toBe(403);
    await send('PUT', '/api/settings', { priceTolerancePercent: 1, quantityTolerance: 0 });
    const audit = await queryRows<{ details: { priceTolerancePercent?: number } }>(
      t.database.db,
      sql`select details from audit_events where entity_type = 'settings' order by at`,
    );
    expect(audit[0]?.details).toEqual({ priceTolerancePercent: 2.5 });
  });
});

describe('purchase orders', () => {
  it('are drafted at the price list unless a cost is given, numbered, and sent to the supplier', async () => {
    const supplier = await newSupplier();
    const cement = await createMaterial(t.app, staff.keeper.token);
    const sand = await createMaterial(t.app, staff.keeper.token);
    await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [{ materialId: cement._id, unitCost: '412.5', packSize: 10 }] });
    const made = await send('POST', '/api/purchase-orders', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      needBy: '2026-12-15',
      lines: [
        { materialId: cement._id, quantity: 100 },
        { materialId: sand._id, quantity: 3, unitCost: '19.99' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json().purchaseOrder;
    expect(made.json().message).toBe('Purchase order saved.');
    expect(order).toMatchObject({
      status: 'draft',
      supplier: { _id: supplier._id, name: supplier.name },
      store: { _id: staff.store._id },
      needBy: '2026-12-15',
      total: '41309.97',
      lines: [
        { materialId: cement._id, quantity: 100, unitCost: '412.5', received: 0, damaged: 0, returned: 0, outstanding: 100 },
        { materialId: sand._id, quantity: 3, unitCost: '19.99', outstanding: 3 },
      ],
    });
    expect(order.number).toMatch(/^PO-\d{6}$/);
    const next = await send('POST', '/api/purchase-orders', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      lines: [{ materialId: cement._id, quantity: 1 }],
    });
    expect(Number(next.json().purchaseOrder.number.slice(3))).toBe(Number(order.number.slice(3)) + 1);

    expect((await receive(order._id, [{ lineId: order.lines[0]._id, received: 1 }])).json().message).toBe(
      `${order.number} is not open for receiving.`,
    );
    const placed = await send('POST', `/api/purchase-orders/${order._id}/order`);
    expect(placed.json()).toMatchObject({ message: 'Purchase order sent to the supplier.', purchaseOrder: { status: 'ordered' } });
    expect(placed.json().purchaseOrder.orderedAt).not.toBeNull();
    const twice = await send('POST', `/api/purchase-orders/${order._id}/order`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${order.number} has already been sent to the supplier.`);

    const listed = await send('GET', `/api/purchase-orders?supplierId=${supplier._id}&status=ordered`, undefined, staff.keeper.token);
    expect(listed.json()).toMatchObject({ total: 1, purchaseOrders: [{ _id: order._id, status: 'ordered' }] });
    expect((await send('GET', `/api/purchase-orders/${order._id}`, undefined, staff.keeper.token)).json().number).toBe(order.number);
  });

  it('refuse what does not fit: unknown suppliers, materials of other stores, unpriced lines, repeated materials', async () => {
    const supplier = await newSupplier();
    const cement = await createMaterial(t.app, staff.keeper.token);
    const order = (lines: object[], supplierId = supplier._id) =>
      send('POST', '/api/purchase-orders', { supplierId, storeId: staff.store._id, lines });
    expect(
      (await order([{ materialId: cement._id, quantity: 1, unitCost: '1' }], '00000000-0000-4000-8000-000000000000')).json().message,
    ).toBe('Supplier not found');
    const elsewhere = await createMaterial(t.app, staff.admin.token, { storeId: (await newStore())._id });
    expect((await order([{ materialId: elsewhere._id, quantity: 1, unitCost: '1' }])).json().message).toBe(
      'One material of the order is not in its store.',
    );
    const unpriced = await order([{ materialId: cement._id, quantity: 1 }]);
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toBe(`${cement.name} has no price from this supplier: enter its unit cost.`);
    expect((await order([{ materialId: cement._id, quantity: 0, unitCost: '1' }])).json().message).toBe('Please enter a valid quantity.');
    expect(
      (
        await order([
          { materialId: cement._id, quantity: 1, unitCost: '1' },
          { materialId: cement._id, quantity: 2, unitCost: '1' },
        ])
      ).json().message,
    ).toBe('Each material may appear once.');
  });

  it('are made by keepers only when the company lets them, for their own stores; store users see none', async () => {
    const supplier = await newSupplier();
    const cement = await createMaterial(t.app, staff.keeper.token);
    const payload = {
      supplierId: supplier._id,
      storeId: staff.store._id,
      lines: [{ materialId: cement._id, quantity: 5, unitCost: '10' }],
    };
    const refused = await send('POST', '/api/purchase-orders', payload, staff.keeper.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin may order from suppliers.');
    await send('PUT', '/api/settings', { keepersMayOrder: true });
    try {
      const made = await send('POST', '/api/purchase-orders', payload, staff.keeper.token);
      expect(made.statusCode, made.body).toBe(201);
      const other = await newStore();
      const foreign = await createMaterial(t.app, staff.admin.token, { storeId: other._id });
      const outside = await send(
        'POST',
        '/api/purchase-orders',
        { ...payload, storeId: other._id, lines: [{ materialId: foreign._id, quantity: 1, unitCost: '1' }] },
        staff.keeper.token,
      );
      expect(outside.statusCode).toBe(403);
    } finally {
      await send('PUT', '/api/settings', { keepersMayOrder: false });
    }
    expect((await send('GET', '/api/purchase-orders', undefined, staff.storeUser.token)).statusCode).toBe(403);
  });

  it('are cancelled while nothing arrived and closed short after, each with its reason in the audit trail', async () => {
    const first = await placedOrder(10);
    const cancelled = await send('POST', `/api/purchase-orders/${first.order._id}/cancel`, { reason: 'Ordered twice' });
    expect(cancelled.json()).toMatchObject({
      message: 'Purchase order cancelled.',
      purchaseOrder: { status: 'cancelled', statusReason: 'Ordered twice' },
    });

    const second = await placedOrder(10);
    expect((await receive(second.order._id, [{ lineId: second.lineId, received: 4 }])).statusCode).toBe(201);
    const late = await send('POST', `/api/purchase-orders/${second.order._id}/cancel`, { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${second.order.number} has goods received against it: close it instead.`);
    const closed = await send('POST', `/api/purchase-orders/${second.order._id}/close`, { reason: 'Supplier out of stock' });
    expect(closed.json().purchaseOrder).toMatchObject({ status: 'closed_short', lines: [{ received: 4, outstanding: 6 }] });
    expect((await receive(second.order._id, [{ lineId: second.lineId, received: 1 }])).statusCode).toBe(409);
    expect((await send('POST', `/api/purchase-orders/${second.order._id}/close`, { reason: 'Again' })).statusCode).toBe(409);

    const audit = await queryRows<{ action: string; reason: string | null; actor_id: string }>(
      t.database.db,
      sql`select action, details->>'reason' as reason, actor_id from audit_events
          where entity_type = 'purchase_order' and entity_id = ${second.order._id} order by at`,
    );
    expect(audit.map((row) => [row.action, row.reason])).toEqual([
      ['create', null],
      ['order', null],
      ['receive', null],
      ['close', 'Supplier out of stock'],
    ]);
  });
});

describe('receiving against an order', () => {
  it('takes 60, then 38 whole and 2 damaged: stock +98, value +39,200.00 with the average unmoved by the damage', async () => {
    // 10 bags already in store at 300.00, so the store's average differs from the order's cost.
    const { material, order, lineId } = await placedOrder(100, '400.00');
    const bought = await send(
      'POST',
      '/api/user/add-restock-product',
      { name: material.name, quantity: 10, unitCost: '300' },
      staff.keeper.token,
    );
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    const before = await stockOf(material._id);
    expect(before).toMatchObject({ available_quantity: 10, stock_value: '3000.00' });

    const first = await receive(order._id, [{ lineId, received: 60 }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Goods received against the order.',
      purchaseOrder: { status: 'partially_received', lines: [{ received: 60, damaged: 0, outstanding: 40 }] },
    });
    const second = await receive(order._id, [{ lineId, received: 38, damaged: 2 }]);
    expect(second.json().purchaseOrder).toMatchObject({ status: 'received', lines: [{ received: 98, damaged: 2, outstanding: 0 }] });

    const after = await stockOf(material._id);
    expect(after?.available_quantity).toBe(108);
    expect(after?.stock_value).toBe('42200.00');
    const lines = await queryRows<{ kind: string; quantity: number; value: string; unit_cost: string }>(
      t.database.db,
      sql`select kind, quantity::float8, value::text, unit_cost::text from movements where item_id = ${material._id} and kind in ('delivery', 'damage')
          order by recorded_at, kind desc`,
    );
    expect(lines.map((line) => [line.kind, line.quantity, line.value])).toEqual([
      ['delivery', 60, '24000.00'],
      ['delivery', 40, '16000.00'],
      ['damage', 2, '-800.00'],
    ]);

    // The report's row and the delivery list show what the order brought.
    const report = await send('GET', `/api/report/generate-report?storeId=${staff.store._id}&startDate=${today}&endDate=${today}`);
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().find((r: { materialId: string }) => r.materialId === material._id);
    // Restocked: the 10 bought before and the 100 the order brought.
    expect(row).toMatchObject({ restockedQuantity: 110, damagedQuantity: 2, currentAvailableQuantity: 108 });
    const deliveries = await send('GET', '/api/all-inventory?limit=500');
    const fromOrder = deliveries.json().filter((entry: { productId: { _id: string } }) => entry.productId?._id === material._id);
    expect(fromOrder.map((entry: { quantity: number }) => entry.quantity).sort()).toEqual([40, 60]);
  });

  it('refuses what would pass the ordered quantity and its tolerance, naming the line, and accepts up to it', async () => {
    const { material, order, lineId } = await placedOrder(100);
    const tooMuch = await receive(order._id, [{ lineId, received: 120 }]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(
      `${material.name}: this receipt would take what arrived past 110, the order's quantity and its tolerance.`,
    );
    const within = await receive(order._id, [{ lineId, received: 105 }]);
    expect(within.json().purchaseOrder).toMatchObject({ status: 'received', lines: [{ received: 105, outstanding: 0 }] });
    expect((await stockOf(material._id))?.available_quantity).toBe(105);
    const open = await placedOrder(10);
    const unknownLine = await receive(open.order._id, [{ lineId: '00000000-0000-4000-8000-000000000000', received: 1 }]);
    expect(unknownLine.statusCode).toBe(400);
    expect(unknownLine.json().message).toBe('A line of the receipt is not on this order.');
  });

  it('lets exactly one of two receipts of 15 in at once when 10 are outstanding', async () => {
    const { material, order, lineId } = await placedOrder(100);
    await receive(order._id, [{ lineId, received: 90 }]);
    const answers = await Promise.all([receive(order._id, [{ lineId, received: 15 }]), receive(order._id, [{ lineId, received: 15 }])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await stockOf(material._id))?.available_quantity).toBe(105);
  });

  it('makes deliveries that the delivery calls will not edit or delete', async () => {
    const { material, order, lineId } = await placedOrder(20);
    await receive(order._id, [{ lineId, received: 20 }]);
    const [delivery] = await queryRows<{ id: string }>(t.database.db, sql`select id from deliveries where material_id = ${material._id}`);
    const message = `This delivery was received against ${order.number}: correct it by a return to the supplier.`;
    const edit = await send('PUT', `/api/update-inventory/${delivery?.id}`, {
      productId: material._id,
      quantity: 5,
      supplier: 'Someone',
      date: today,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(message);
    const removal = await send('DELETE', `/api/delete-inventory/${delivery?.id}`);
    expect(removal.json().message).toBe(message);
    expect((await stockOf(material._id))?.available_quantity).toBe(20);
  });

  it('is for the keepers of the order store and admins: a keeper of another store finds no such order', async () => {
    const { order, lineId } = await placedOrder(5);
    const stranger = await newStore();
    const otherKeeper = await createUserFor(stranger._id);
    expect((await receive(order._id, [{ lineId, received: 1 }], otherKeeper)).statusCode).toBe(404);
    expect((await receive(order._id, [{ lineId, received: 1 }], staff.storeUser.token)).statusCode).toBe(403);
    expect((await receive(order._id, [{ lineId, received: 1 }], staff.admin.token)).statusCode).toBe(201);
  });
});

function newStore() {
  return createStore(t.app, staff.admin.token);
}

async function createUserFor(storeId: string): Promise<string> {
  return (await createUser(t.app, staff.admin.token, { role: 'user', storeId })).token;
}

describe('returns to the supplier', () => {
  it('take 10 out at the average cost, count them on the order line, and keep the report row adding up', async () => {
    const { material, supplier, order, lineId } = await placedOrder(100, '400');
    await receive(order._id, [{ lineId, received: 50 }]);
    const bought = await send(
      'POST',
      '/api/user/add-restock-product',
      { name: material.name, quantity: 50, unitCost: '300' },
      staff.keeper.token,
    );
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    // 100 held worth 35,000.00: 350.00 each on average.
    const returned = await send(
      'POST',
      '/api/supplier-returns',
      {
        supplierId: supplier._id,
        storeId: staff.store._id,
        purchaseOrderId: order._id,
        reason: 'Wrong grade',
        lines: [{ materialId: material._id, quantity: 10, batch: ' LOT-2611-B ' }],
      },
      staff.keeper.token,
    );
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json()).toMatchObject({
      message: 'Return to the supplier recorded.',
      supplierReturn: {
        purchaseOrder: { number: order.number },
        reason: 'Wrong grade',
        value: '3500.00',
        lines: [{ quantity: 10, batch: 'LOT-2611-B', value: '3500.00' }],
      },
    });
    expect(await stockOf(material._id)).toMatchObject({ available_quantity: 90, stock_value: '31500.00' });
    const after = (await send('GET', `/api/purchase-orders/${order._id}`)).json();
    expect(after.lines[0]).toMatchObject({ received: 50, returned: 10, outstanding: 50 });

    const report = await send('GET', `/api/report/generate-report?storeId=${staff.store._id}&startDate=${today}&endDate=${today}`);
    const row = report.json().find((r: { materialId: string }) => r.materialId === material._id);
    expect(row).toMatchObject({
      previousQuantity: 0,
      restockedQuantity: 100,
      returnedToSupplierQuantity: 10,
      currentAvailableQuantity: 90,
    });
    expect(closingOf(row)).toBe(row.currentAvailableQuantity);

    const [line] = await queryRows<{ id: string; reason: string }>(
      t.database.db,
      sql`select id, reason from movements where item_id = ${material._id} and kind = 'supplier_return'`,
    );
    expect(line?.reason).toBe(`${order.number} · Wrong grade · batch LOT-2611-B`);
    const reversal = await send('POST', `/api/movements/${line?.id}/reverse`, { reason: 'Oops' });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().message).toBe('A return to the supplier is not reversed: if the goods come back, record their delivery.');
  });

  it('refuse more than is available, more than arrived on the order, and materials not on it', async () => {
    const { material, supplier, order, lineId } = await placedOrder(20, '10');
    await receive(order._id, [{ lineId, received: 5 }]);
    const send10 = (payload: object) =>
      send('POST', '/api/supplier-returns', {
        supplierId: supplier._id,
        storeId: staff.store._id,
        reason: 'Broken',
        lines: [{ materialId: material._id, quantity: 10 }],
        ...payload,
      });
    const beyondStock = await send10({});
    expect(beyondStock.statusCode).toBe(409);
    expect(beyondStock.json().message).toBe(`Not enough ${material.name} to return: only 5 available.`);
    await send('POST', '/api/user/add-restock-product', { name: material.name, quantity: 20, unitCost: '10' }, staff.keeper.token);
    const beyondOrder = await send10({ purchaseOrderId: order._id });
    expect(beyondOrder.statusCode).toBe(409);
    expect(beyondOrder.json().message).toBe(`${material.name}: only 5 received on ${order.number} can still go back.`);
    const other = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 3 });
    const offOrder = await send10({ purchaseOrderId: order._id, lines: [{ materialId: other._id, quantity: 1 }] });
    expect(offOrder.json().message).toBe('One material of the return is not on the order.');
    expect(await stockOf(material._id)).toMatchObject({ available_quantity: 25 });
    expect((await send10({ purchaseOrderId: order._id, lines: [{ materialId: material._id, quantity: 5 }] })).statusCode).toBe(201);
    expect((await send10({ storeId: (await newStore())._id })).json().message).toBe('One material of the return is not in its store.');
    const elsewhere = await send10({ storeId: (await newStore())._id, purchaseOrderId: order._id });
    expect(elsewhere.json().message).toBe(`${order.number} is not an order of this supplier for this store.`);
  });
});
