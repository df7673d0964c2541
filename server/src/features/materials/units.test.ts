import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createSupplier, createTool } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

type Json = Record<string, unknown>;
function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}
const issue = (productId: string, quantity: number, unit?: string) =>
  call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId, quantity, ...(unit ? { unit } : {}) });
async function available(id: string): Promise<string> {
  const [row] = await queryRows<{ available: string }>(
    t.database.db,
    sql`select available_quantity::text as available from materials where id = ${id}`,
  );
  return row?.available as string;
}
async function cement(decimals = 0) {
  const material = await createMaterial(t.app, staff.keeper.token, { unit: 'bag', decimals });
  const units = await call(staff.admin.token, 'PUT', `/api/materials/${material._id}/units`, {
    units: [
      { name: 'pallet', factor: 40 },
      { name: 'kg', factor: '0.04' },
    ],
  });
  expect(units.statusCode, units.body).toBe(200);
  return material;
}
async function historyOf(id: string) {
  const response = await call(staff.admin.token, 'GET', `/api/movements?itemId=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().movements as Json[];
}

describe(`units that convert (${database})`, () => {
  it('receives 2 pallet as 80 bag, issues 50 kg as 2 bag, and refuses 30 kg of a whole material naming 25 kg and 50 kg', async () => {
    const bags = await cement();
    const received = await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', {
      name: bags.name,
      quantity: 2,
      unit: 'pallet',
      unitCost: '400',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().product).toMatchObject({
      availableQuantity: 80,
      units: [
        { name: 'kg', factor: '0.04' },
        { name: 'pallet', factor: '40' },
      ],
    });
    expect((await issue(bags._id, 50, 'kg')).json().product.availableQuantity).toBe(78);
    const off = await issue(bags._id, 30, 'kg');
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('30 kg is 1.2 bag, more decimals than it takes. The nearest allowed: 25 kg or 50 kg.');
    expect(await available(bags._id)).toBe('78.000');
    const [issued, purchase] = (await historyOf(bags._id)).filter((line) => line.kind === 'issue' || line.kind === 'purchase');
    expect(issued).toMatchObject({ quantity: 2, entered: { quantity: 50, unit: 'kg' } });
    // 2 pallet at 400 a pallet: 800 in all, 10 a bag.
    expect(purchase).toMatchObject({
      quantity: 80,
      value: '800.00',
      unitCost: '10',
      entered: { quantity: 2, unit: 'pallet', unitCost: '400' },
    });
  });

  it('takes 30 kg as 1.2 bag once the material takes a decimal', async () => {
    const bags = await cement(1);
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: bags.name, quantity: 1, unit: 'pallet' });
    const issued = await issue(bags._id, 30, 'kg');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await available(bags._id)).toBe('38.800');
  });

  it('lists each material that has the unit asked for in it, to 3 decimals, the others as they are', async () => {
    const bags = await cement();
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', {
      name: bags.name,
      quantity: 2,
      unit: 'pallet',
      unitCost: '400',
    });
    expect((await issue(bags._id, 10)).statusCode).toBe(200);
    const plain = await createMaterial(t.app, staff.keeper.token, { unit: 'm3', totalQuantity: 5 });
    for (const url of ['/api/products', '/api/user/get-product']) {
      const listed = await call(staff.admin.token, 'GET', `${url}?unit=Pallet&limit=500`);
      expect(listed.statusCode, listed.body).toBe(200);
      const rows = listed.json() as Json[];
      // 70 bags are 1.75 pallets; issued 10 bags, 0.25 pallet; a pallet costs 40 bags at 10.
      expect(rows.find((row) => row._id === bags._id)).toMatchObject({
        unit: 'pallet',
        stockUnit: 'bag',
        availableQuantity: 1.75,
        consumedQuantity: 0.25,
        restockedQuantity: 2,
        averageCost: '400',
        stockValue: '700.00',
      });
      const other = rows.find((row) => row._id === plain._id);
      expect(other).toMatchObject({ unit: 'm3', availableQuantity: 5 });
      expect(other).not.toHaveProperty('stockUnit');
    }
    const csv = await call(staff.admin.token, 'GET', '/api/products/csv?unit=pallet');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').find((line) => line.includes(bags.name))).toContain('1.75');
    // 69 bags are 1.725 pallets.
    expect((await issue(bags._id, 1)).statusCode).toBe(200);
    const third = (await call(staff.admin.token, 'GET', '/api/products?unit=pallet&limit=500')).json() as Json[];
    expect(third.find((row) => row._id === bags._id)).toMatchObject({ availableQuantity: 1.725 });
    expect((await call(staff.admin.token, 'GET', '/api/products?unit=')).statusCode).toBe(400);
  });

  it('sends a transfer and returns goods to the supplier in another unit, as stock units; a tool line names none', async () => {
    const bags = await cement();
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: bags.name, quantity: 3, unit: 'pallet' });
    const site = await createStore(t.app, staff.admin.token);
    const made = await call(staff.keeper.token, 'POST', '/api/transfers', {
      fromStoreId: staff.store._id,
      toStoreId: site._id,
      lines: [{ materialId: bags._id, quantity: 1, unit: 'pallet' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().transfer.lines[0]).toMatchObject({ quantity: 40 });
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 2 });
    const toolLine = await call(staff.keeper.token, 'POST', '/api/transfers', {
      fromStoreId: staff.store._id,
      toStoreId: site._id,
      lines: [{ toolId: drill._id, quantity: 1, unit: 'box' }],
    });
    expect(toolLine.statusCode).toBe(400);
    expect(toolLine.json().message).toBe('A tool moves in whole units: only a material line names a unit.');

    const supplier = await createSupplier(t.app, staff.admin.token);
    const back = await call(staff.keeper.token, 'POST', '/api/supplier-returns', {
      supplierId: supplier._id,
      storeId: staff.store._id,
      reason: 'Lumpy',
      lines: [{ materialId: bags._id, quantity: 25, unit: 'kg' }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().supplierReturn.lines[0]).toMatchObject({ quantity: 1 });
    expect(await available(bags._id)).toBe('119.000');
    const returned = (await historyOf(bags._id)).find((line) => line.kind === 'supplier_return');
    expect(returned).toMatchObject({ quantity: 1, entered: { quantity: 25, unit: 'kg' } });
  });

  it('records a supplier delivery in pallets at a price per pallet, and corrects it in pallets, as stock units', async () => {
    const bags = await cement();
    const entry = (quantity: number, unit?: string) => ({
      productId: bags._id,
      supplier: 'Lafarge',
      date: new Date().toISOString().slice(0, 10),
      quantity,
      ...(unit ? { unit, unitCost: '415' } : { unitCost: '10.375' }),
    });
    const created = await call(staff.admin.token, 'POST', '/api/add-inventory', entry(2, 'pallet'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().entry).toMatchObject({ quantity: 80 });
    expect(await available(bags._id)).toBe('80.000');
    const [line] = await historyOf(bags._id);
    expect(line).toMatchObject({
      kind: 'delivery',
      quantity: 80,
      value: '830.00',
      entered: { quantity: 2, unit: 'pallet', unitCost: '415' },
    });

    const corrected = await call(staff.admin.token, 'PUT', `/api/update-inventory/${created.json().entry._id}`, entry(3, 'pallet'));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().entry).toMatchObject({ quantity: 120 });
    expect(await available(bags._id)).toBe('120.000');
    const off = await call(staff.admin.token, 'POST', '/api/add-inventory', entry(1, 'kg'));
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toContain('The nearest allowed: 25 kg.');
  });

  it('takes the stock unit by its name, and refuses a unit the material does not have', async () => {
    const bags = await cement();
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: bags.name, quantity: 5 });
    expect((await issue(bags._id, 1, 'BAG')).statusCode).toBe(200);
    const unknown = await issue(bags._id, 1, 'tonne');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`${bags.name} has no unit tonne.`);
  });

  it('keeps names unique and apart from the stock unit, and factors above 0; only an admin sets them', async () => {
    const bags = await createMaterial(t.app, staff.keeper.token, { unit: 'bag' });
    const put = (units: object[], token = staff.admin.token) => call(token, 'PUT', `/api/materials/${bags._id}/units`, { units });
    expect((await put([{ name: 'pallet', factor: 40 }], staff.keeper.token)).statusCode).toBe(403);
    const twice = await put([
      { name: 'pallet', factor: 40 },
      { name: 'Pallet', factor: 50 },
    ]);
    expect(twice.json().message).toBe('Each unit may be named once.');
    expect((await put([{ name: 'Bag', factor: 1 }])).json().message).toBe('Bag is the stock unit itself: name only the other units.');
    expect((await put([{ name: 'pallet', factor: 0 }])).json().message).toBe('A factor must be a number above 0 with at most 10 decimals.');
    expect((await put([{ name: 'pallet', factor: '40.000' }])).json().product.units).toEqual([{ name: 'pallet', factor: '40' }]);
    expect((await put([])).json().product.units).toEqual([]);
  });

  it('applies an offline op in another unit once, and rejects one that does not land on the decimals', async () => {
    const bags = await cement();
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: bags.name, quantity: 1, unit: 'pallet' });
    const capturedAt = new Date(Date.now() - 60_000).toISOString();
    const op = (quantity: number, unit: string) => ({
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: bags._id,
      quantity,
      unit,
      reason: '',
      capturedAt,
      storeId: staff.store._id,
    });
    const good = op(100, 'kg');
    const sent = await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [good, op(30, 'kg')] });
    expect(sent.statusCode, sent.body).toBe(200);
    const [applied, refused] = sent.json().results as Json[];
    expect(applied).toMatchObject({ status: 'applied' });
    expect(refused).toMatchObject({
      status: 'rejected',
      message: '30 kg is 1.2 bag, more decimals than it takes. The nearest allowed: 25 kg or 50 kg.',
    });
    expect((await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops: [good] })).json().results[0]).toMatchObject({
      status: 'duplicate',
    });
    expect(await available(bags._id)).toBe('36.000');
    const [line] = (await historyOf(bags._id)).filter((row) => row.kind === 'issue');
    expect(line).toMatchObject({ quantity: 4, entered: { quantity: 100, unit: 'kg' } });
  });

  it('never converts at a factor changed as the line was recorded: refused, or converted at the new one', async () => {
    const bags = await cement();
    await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: bags.name, quantity: 2, unit: 'pallet' });
    // An admin makes the pallet 50 bags while the keeper's issue of 1 pallet is on its way. On
    // PostgreSQL the issue reads 40 first and its statement waits for the admin's lock; the embedded
    // database runs one statement at a time, so there the issue reads the new factor.
    let issued: Awaited<ReturnType<typeof issue>> | undefined;
    // Sent from a timer set before the admin's transaction opens, so it is none of that transaction's.
    setTimeout(() => {
      void issue(bags._id, 1, 'pallet').then((response) => {
        issued = response;
      });
    }, 100);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update materials set units_version = units_version + 1 where id = ${bags._id}`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await tx.execute(sql`update material_units set factor = 50 where material_id = ${bags._id} and name = 'pallet'`);
    });
    for (let waited = 0; !issued && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(issued).toBeDefined();
    if (database === 'PostgreSQL') {
      expect(issued?.statusCode).toBe(409);
      expect(issued?.json().message).toBe('The units of this material changed as this was recorded. Check the quantity and send it again.');
      expect(await available(bags._id)).toBe('80.000');
    } else {
      expect(issued?.statusCode, issued?.body).toBe(200);
      expect(await available(bags._id)).toBe('30.000');
    }
  });
});

describe(`the two settings writes under load (${database})`, () => {
  it('20 identical unit lists at once under one key take effect once; 20 different ones leave one whole list, never a 5xx', async () => {
    const bags = await createMaterial(t.app, staff.keeper.token, { unit: 'bag' });
    const put = (factor: number, key?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/materials/${bags._id}/units`,
        headers: { ...bearer(staff.admin.token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { units: [{ name: 'pallet', factor }] },
      });
    const version = async () =>
      (await queryRows<{ v: number }>(t.database.db, sql`select units_version as v from materials where id = ${bags._id}`))[0]?.v;
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => put(40, key)));
    expect(same.map((answer) => answer.statusCode).every((status) => status === 200)).toBe(true);
    expect(await version()).toBe(1);
    const different = await Promise.all(Array.from({ length: 20 }, (_, index) => put(41 + index)));
    expect(different.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const units = await queryRows<{ factor: string }>(
      t.database.db,
      sql`select factor::float8 as factor from material_units where material_id = ${bags._id}`,
    );
    expect(units).toHaveLength(1);
    expect(await version()).toBe(1 + different.filter((answer) => answer.statusCode === 200).length);
  });

  it('20 identical decimals changes at once take effect once; 20 conflicting ones never go below what the history uses', async () => {
    const sand = await createMaterial(t.app, staff.keeper.token, { unit: 'm³', decimals: 2, totalQuantity: '5.25' });
    const patch = (decimals: number, key?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/materials/${sand._id}`,
        headers: { ...bearer(staff.admin.token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { decimals },
      });
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => patch(3, key)));
    expect(same.every((answer) => answer.statusCode === 200)).toBe(true);
    const [audits] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where entity_id = ${sand._id} and action = 'update' and details ? 'decimals'`,
    );
    expect(audits?.n).toBe(1);
    const mixed = await Promise.all(Array.from({ length: 20 }, (_, index) => patch(index % 4)));
    expect(mixed.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    expect(mixed.map((answer) => answer.statusCode)).toEqual(mixed.map((_, index) => (index % 4 < 2 ? 409 : 200)));
    const [row] = await queryRows<{ decimals: number }>(t.database.db, sql`select decimals from materials where id = ${sand._id}`);
    expect(row?.decimals).toBeGreaterThanOrEqual(2);
  });
});
