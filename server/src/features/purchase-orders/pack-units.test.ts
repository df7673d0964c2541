import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMaterial, createSupplier, unique } from '../../../test/factories';
import { databaseName, type Json, today, useStaffedApp } from '../../../test/staffed-app';
import { queryRows } from '../../db/sql';

const { app, staff, call } = useStaffedApp();
const admin = () => staff().admin.token;

/** A material of the store with other units: `units` as name → factor. */
async function materialWith(unit: string, decimals: number, units: Record<string, string>) {
  const material = await createMaterial(app().app, staff().keeper.token, { name: unique('Material'), unit, decimals });
  const saved = await call(admin(), 'PUT', `/api/materials/${material._id}/units`, {
    units: Object.entries(units).map(([name, factor]) => ({ name, factor })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return material;
}
async function supplierPricing(lines: Json[]) {
  const supplier = await createSupplier(app().app, admin());
  const saved = await call(admin(), 'PUT', `/api/suppliers/${supplier._id}/prices`, { lines });
  return { supplier, saved };
}
const order = (supplierId: string, lines: Json[]) =>
  call(admin(), 'POST', '/api/purchase-orders', { supplierId, storeId: staff().store._id, lines });
async function ledgerOf(materialId: string) {
  const [material] = await queryRows<{ available: string; value: string }>(
    app().database.db,
    sql`select available_quantity::text as available, stock_value::text as value from materials where id = ${materialId}`,
  );
  const lines = await queryRows<{ kind: string; value: string; entered: string | null }>(
    app().database.db,
    sql`select kind, value::text as value, trim_scale(entered_quantity)::text || ' ' || entered_unit as entered
        from movements where item_id = ${materialId} order by recorded_at, kind = 'damage', id`,
  );
  return { ...material, lines };
}

describe(`supplier packs on price lists and purchase orders (${databaseName})`, () => {
  it('a price per pallet prices an order in pallets, and one in bags at the bag’s share; an unknown unit is refused', async () => {
    const cement = await materialWith('bag', 0, { pallet: '40', kg: '0.04' });
    const unknown = await supplierPricing([{ materialId: cement._id, unitCost: '400', packUnit: 'crate' }]);
    expect(unknown.saved.statusCode).toBe(400);
    expect(unknown.saved.json().message).toBe(`${cement.name} has no unit crate.`);

    const { supplier, saved } = await supplierPricing([{ materialId: cement._id, unitCost: '415', packUnit: 'Pallet', packSize: 2 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lines).toEqual([
      expect.objectContaining({ unit: 'bag', unitCost: '415', packSize: 2, packUnit: { name: 'pallet', factor: '40' } }),
    ]);
    // Naming the stock unit is naming none.
    const stockUnit = await call(admin(), 'PUT', `/api/suppliers/${supplier._id}/prices`, {
      lines: [{ materialId: cement._id, unitCost: '415', packUnit: 'bag' }],
    });
    expect(stockUnit.json().lines[0].packUnit).toBeNull();
    expect(
      (
        await call(admin(), 'PUT', `/api/suppliers/${supplier._id}/prices`, {
          lines: [{ materialId: cement._id, unitCost: '415', packUnit: 'pallet', packSize: 2 }],
        })
      ).statusCode,
    ).toBe(200);

    const inPallets = await order(supplier._id, [{ materialId: cement._id, quantity: 3, unit: 'pallet' }]);
    expect(inPallets.statusCode, inPallets.body).toBe(201);
    expect(inPallets.json().purchaseOrder.lines[0]).toMatchObject({
      quantity: 120,
      unit: 'bag',
      unitCost: '10.375',
      orderedIn: { unit: 'pallet', factor: '40', quantity: 3, unitCost: '415' },
    });
    expect(inPallets.json().purchaseOrder.total).toBe('1245.00');

    const inBags = await order(supplier._id, [{ materialId: cement._id, quantity: 10 }]);
    expect(inBags.json().purchaseOrder.lines[0]).toMatchObject({ quantity: 10, unitCost: '10.375', orderedIn: null });
    expect(inBags.json().purchaseOrder.total).toBe('103.75');

    // 1 kg is 0.04 bag: a material counted in whole bags cannot be ordered so.
    const off = await order(supplier._id, [{ materialId: cement._id, quantity: 1, unit: 'kg' }]);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('1 kg is 0.04 bag, more decimals than it takes. The nearest allowed: 25 kg.');
    // A cost given is per the unit the line is in.
    const given = await order(supplier._id, [{ materialId: cement._id, quantity: 50, unit: 'kg', unitCost: '0.5' }]);
    expect(given.json().purchaseOrder.lines[0]).toMatchObject({
      quantity: 2,
      unitCost: '12.5',
      orderedIn: { unit: 'kg', quantity: 50, unitCost: '0.5' },
    });
    expect(given.json().purchaseOrder.total).toBe('25.00');
  });

  it('a load of 3 m³ at 400 brings in exactly 400 a load, though a m³ costs 133.3333…, counted at the gate in m³ or in loads', async () => {
    const sand = await materialWith('m3', 2, { load: '3' });
    const supplier = await createSupplier(app().app, admin());
    const made = await order(supplier._id, [{ materialId: sand._id, quantity: 4, unit: 'load', unitCost: '400' }]);
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json().purchaseOrder;
    expect(draft.total).toBe('1600.00');
    expect(draft.lines[0]).toMatchObject({ quantity: 12, unitCost: '133.3333' });
    expect((await call(admin(), 'POST', `/api/purchase-orders/${draft._id}/order`, {})).statusCode).toBe(200);
    const receive = (received: number, damaged = 0, unit?: string) =>
      call(admin(), 'POST', `/api/purchase-orders/${draft._id}/receipts`, {
        receivedAt: today,
        lines: [{ lineId: draft.lines[0]._id, received, damaged, ...(unit ? { unit } : {}) }],
      });
    expect((await receive(3)).statusCode).toBe(201);
    const inLoads = await receive(1.5, 0.5, 'load');
    expect(inLoads.statusCode, inLoads.body).toBe(201);
    expect(inLoads.json().purchaseOrder.lines[0]).toMatchObject({ received: 7.5, damaged: 1.5, outstanding: 3 });
    // A third of a load is 1 m³: 0.333 load does not land on 2 decimals of m³.
    const off = await receive(0.333, 0, 'load');
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toContain('0.333 load is 0.999 m3');
    expect((await receive(1, 0, 'load')).statusCode).toBe(201);
    const ledger = await ledgerOf(sand._id);
    expect(ledger.available).toBe('10.500');
    expect(ledger.lines.map((line) => [line.kind, line.value, line.entered])).toEqual([
      ['delivery', '400.00', null],
      ['delivery', '800.00', '2 load'],
      ['damage', '-200.00', '0.5 load'],
      ['delivery', '400.00', '1 load'],
    ]);
    expect(ledger.value).toBe('1400.00');
  });

  it('ordering what is low buys whole packs of the price list’s unit', async () => {
    const cement = await materialWith('bag', 0, { pallet: '40' });
    const { supplier } = await supplierPricing([{ materialId: cement._id, unitCost: '400', packUnit: 'pallet' }]);
    const point = await call(admin(), 'PUT', `/api/materials/${cement._id}/reorder`, {
      minQty: 20,
      targetQty: 100,
      packSize: 10,
      preferredSupplierId: supplier._id,
    });
    expect(point.statusCode, point.body).toBe(200);
    const drafted = await call(admin(), 'POST', '/api/purchase-orders/from-low-stock', { storeId: staff().store._id });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const line = (drafted.json().purchaseOrders as { lines: Json[] }[])
      .flatMap((each) => each.lines)
      .find((each) => each.materialId === cement._id);
    // 100 bags lacking: 3 pallets of 40.
    expect(line).toMatchObject({ quantity: 120, unitCost: '10', orderedIn: { unit: 'pallet', quantity: 3, unitCost: '400' } });
  });
});
