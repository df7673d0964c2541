import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff.admin.token) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function supplierWith(prices: { materialId: string; unitCost: string; packSize?: number }[]) {
  const supplier = (await send('POST', '/api/suppliers', { name: unique('Supplier') })).json().supplier as { _id: string; name: string };
  const saved = await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: prices });
  expect(saved.statusCode, saved.body).toBe(200);
  return supplier;
}

/** A material of the store holding `available`, low against a minimum of 20 and a target of 100 in packs of 10. */
async function lowMaterial(available: number, preferredSupplierId?: string) {
  const material = await createMaterial(t.app, staff.keeper.token, { totalQuantity: available });
  const point = await send('PUT', `/api/materials/${material._id}/reorder`, {
    minQty: 20,
    targetQty: 100,
    packSize: 10,
    preferredSupplierId,
  });
  expect(point.statusCode, point.body).toBe(200);
  return material;
}

describe('ordering what is low from each preferred supplier', () => {
  it('drafts one order per supplier in its packs, names what it cannot order, and orders nothing twice', async () => {
    const cement = await lowMaterial(5);
    const sand = await lowMaterial(0);
    const steel = await lowMaterial(12);
    const lafarge = await supplierWith([
      { materialId: cement._id, unitCost: '400', packSize: 25 },
      { materialId: sand._id, unitCost: '12.5' },
    ]);
    const tata = await supplierWith([]);
    for (const [material, supplier] of [
      [cement, lafarge],
      [sand, lafarge],
      [steel, tata],
    ] as const) {
      await send('PUT', `/api/materials/${material._id}/reorder`, {
        minQty: 20,
        targetQty: 100,
        packSize: 10,
        preferredSupplierId: supplier._id,
      });
    }
    const orphan = await lowMaterial(1);

    const made = await send('POST', '/api/purchase-orders/from-low-stock', { storeId: staff.store._id });
    expect(made.statusCode, made.body).toBe(201);
    const answer = made.json();
    expect(answer.message).toBe('One draft order made: check it and send it to the supplier.');
    expect(answer.purchaseOrders).toHaveLength(1);
    const order = answer.purchaseOrders[0];
    expect(order).toMatchObject({ status: 'draft', supplier: { _id: lafarge._id } });
    // Cement lacks 95: 4 packs of 25 from this supplier; sand lacks 100: its reorder point's packs of 10.
    const lines = Object.fromEntries(
      order.lines.map((line: { materialId: string; quantity: number; unitCost: string }) => [line.materialId, line]),
    );
    expect(lines[cement._id]).toMatchObject({ quantity: 100, unitCost: '400' });
    expect(lines[sand._id]).toMatchObject({ quantity: 100, unitCost: '12.5' });
    expect(answer.notOrdered).toEqual(
      expect.arrayContaining([
        { materialId: steel._id, name: steel.name, reason: 'no_price' },
        { materialId: orphan._id, name: orphan.name, reason: 'no_supplier' },
      ]),
    );

    const low = (await send('GET', `/api/low-stock?storeId=${staff.store._id}`)).json().rows;
    expect(low.find((row: { materialId: string }) => row.materialId === cement._id)).toMatchObject({ onOrder: 100, suggested: 0 });
    const csv = (await send('GET', `/api/low-stock/csv?storeId=${staff.store._id}`)).body;
    expect(csv).toContain('Pack Size,On Order,Suggested Order,Preferred Supplier');
    expect(csv).toContain(`${cement.name},bag,${staff.store.name},5,0,0,20,100,10,100,0,${lafarge.name}`);
    const again = await send('POST', '/api/purchase-orders/from-low-stock', { storeId: staff.store._id });
    expect(again.json()).toMatchObject({
      message: 'Nothing to order: what is low is already on order, or has no supplier with a price for it.',
      purchaseOrders: [],
    });
  });

  it('orders once when pressed twice at once, and only for those who may order', async () => {
    const supplier = await supplierWith([]);
    const gravel = await lowMaterial(0, supplier._id);
    await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [{ materialId: gravel._id, unitCost: '3' }] });
    const answers = await Promise.all([1, 2].map(() => send('POST', '/api/purchase-orders/from-low-stock', { storeId: staff.store._id })));
    const made = answers.flatMap((answer) => answer.json().purchaseOrders);
    expect(made).toHaveLength(1);
    expect((await send('POST', '/api/purchase-orders/from-low-stock', { storeId: staff.store._id }, staff.keeper.token)).statusCode).toBe(
      403,
    );
    expect(
      (await send('POST', '/api/purchase-orders/from-low-stock', { storeId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
