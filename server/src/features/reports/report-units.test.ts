import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { todayIn } from '../../lib/calendar';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}
const today = todayIn('UTC');

describe('a report in another unit', () => {
  it('shows each material that has the unit in it, and the others in their own', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), unit: 'bag', totalQuantity: 0 });
    const sand = await createMaterial(t.app, staff.keeper.token, { name: unique('Sand'), unit: 'm3', totalQuantity: 5 });
    const units = await call(staff.admin.token, 'PUT', `/api/materials/${cement._id}/units`, { units: [{ name: 'Pallet', factor: 40 }] });
    expect(units.statusCode, units.body).toBe(200);
    expect((await call(staff.keeper.token, 'POST', '/api/user/add-restock-product', { name: cement.name, quantity: 80 })).statusCode).toBe(
      200,
    );
    expect((await call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId: cement._id, quantity: 50 })).statusCode).toBe(
      200,
    );

    const report = await call(staff.keeper.token, 'GET', `/api/user/report?startDate=${today}&endDate=${today}&unit=pallet`);
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().data as Record<string, unknown>[];
    expect(rows.find((row) => row.materialId === cement._id)).toMatchObject({
      unit: 'Pallet',
      previousQuantity: 0,
      restockedQuantity: 2,
      consumedQuantity: 1.25,
      currentAvailableQuantity: 0.75,
    });
    expect(rows.find((row) => row.materialId === sand._id)).toMatchObject({ unit: 'm3', currentAvailableQuantity: 5 });
    // Without the unit, the same report in bags.
    const inBags = (await call(staff.keeper.token, 'GET', `/api/user/report?startDate=${today}&endDate=${today}`)).json().data;
    expect(inBags.find((row: { materialId: string }) => row.materialId === cement._id)).toMatchObject({
      unit: 'bag',
      restockedQuantity: 80,
      currentAvailableQuantity: 30,
    });
    // The file says the same.
    const csv = await call(staff.keeper.token, 'GET', `/api/user/report/csv?startDate=${today}&endDate=${today}&unit=pallet`);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\n').find((text) => text.includes(cement.name)) ?? '';
    expect(line).toContain('Pallet');
    expect(line).toContain('0.75');
  });
});
