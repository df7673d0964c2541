import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, unique } from '../../../test/factories';
import { queryRows } from '../../db/sql';

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

async function newSupplier(fields: object = {}) {
  const answer = await send('POST', '/api/suppliers', { name: unique('Acme Cement'), ...fields });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().supplier as { _id: string; name: string };
}

describe('suppliers', () => {
  it('are made and changed by admins, read by keepers, hidden from store users', async () => {
    const made = await send('POST', '/api/suppliers', {
      name: '  Bharat Steel  ',
      email: 'orders@bharat.example',
      phone: '+91 22 5555 0101',
      leadTimeDays: 7,
    });
    expect(made.statusCode, made.body).toBe(201);
    const supplier = made.json().supplier;
    expect(supplier).toMatchObject({ name: 'Bharat Steel', email: 'orders@bharat.example', phone: '+91 22 5555 0101', leadTimeDays: 7 });
    expect(made.json().message).toBe('Supplier saved.');

    const changed = await send('PUT', `/api/suppliers/${supplier._id}`, { leadTimeDays: 10, email: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().supplier).toMatchObject({ name: 'Bharat Steel', email: null, phone: '+91 22 5555 0101', leadTimeDays: 10 });

    const read = await send('GET', '/api/suppliers?q=bharat', undefined, staff.keeper.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ total: 1, suppliers: [{ _id: supplier._id, name: 'Bharat Steel' }] });
    expect((await send('POST', '/api/suppliers', { name: 'By a keeper' }, staff.keeper.token)).statusCode).toBe(403);
    expect((await send('PUT', `/api/suppliers/${supplier._id}`, { name: 'X' }, staff.keeper.token)).statusCode).toBe(403);
    expect((await send('GET', '/api/suppliers', undefined, staff.storeUser.token)).statusCode).toBe(403);

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where entity_type = 'supplier' and entity_id = ${supplier._id} order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('keeps names unique whatever their case, and refuses bad fields with the field named', async () => {
    const supplier = await newSupplier();
    const twin = await send('POST', '/api/suppliers', { name: supplier.name.toUpperCase() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(`A supplier named ${supplier.name.toUpperCase()} already exists.`);
    const other = await newSupplier();
    expect((await send('PUT', `/api/suppliers/${other._id}`, { name: supplier.name })).statusCode).toBe(409);

    const bad = async (payload: object) => (await send('POST', '/api/suppliers', { name: unique('Bad'), ...payload })).json().message;
    expect(await bad({ email: 'not an email' })).toBe('Please enter a valid email address');
    expect(await bad({ leadTimeDays: 1.5 })).toBe('Lead time must be a whole number');
    expect(await bad({ leadTimeDays: 400 })).toBe('Lead time must be at most 365');
    expect((await send('POST', '/api/suppliers', { name: '' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/suppliers/00000000-0000-4000-8000-000000000000', { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('lists by name a page at a time, with the total', async () => {
    const prefix = unique('Paged');
    for (const letter of ['C', 'A', 'B']) await newSupplier({ name: `${prefix} ${letter}` });
    const first = (await send('GET', `/api/suppliers?q=${encodeURIComponent(prefix)}&limit=2`)).json();
    expect(first.total).toBe(3);
    expect(first.suppliers.map((row: { name: string }) => row.name)).toEqual([`${prefix} A`, `${prefix} B`]);
    const second = (await send('GET', `/api/suppliers?q=${encodeURIComponent(prefix)}&limit=2&offset=2`)).json();
    expect(second.suppliers.map((row: { name: string }) => row.name)).toEqual([`${prefix} C`]);
  });
});

describe("a supplier's price list", () => {
  it('is replaced whole by each PUT, exact to 4 decimals, and read by keepers', async () => {
    const supplier = await newSupplier();
    const cement = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), unit: 'bag' });
    const sand = await createMaterial(t.app, staff.keeper.token, { name: unique('Sand'), unit: 't' });
    const first = await send('PUT', `/api/suppliers/${supplier._id}/prices`, {
      lines: [
        { materialId: cement._id, unitCost: '400.00', packSize: 50 },
        { materialId: sand._id, unitCost: 0.1235 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Price list saved.');
    expect(first.json().lines).toEqual(
      expect.arrayContaining([
        {
          materialId: cement._id,
          name: cement.name,
          unit: 'bag',
          store: { _id: staff.store._id, name: staff.store.name },
          unitCost: '400',
          packSize: 50,
          packUnit: null,
        },
        {
          materialId: sand._id,
          name: sand.name,
          unit: 't',
          store: { _id: staff.store._id, name: staff.store.name },
          unitCost: '0.1235',
          packSize: null,
          packUnit: null,
        },
      ]),
    );

    const second = await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [{ materialId: cement._id, unitCost: '395.5' }] });
    expect(second.json().lines).toEqual([expect.objectContaining({ materialId: cement._id, unitCost: '395.5', packSize: null })]);
    const read = await send('GET', `/api/suppliers/${supplier._id}/prices`, undefined, staff.keeper.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ supplier: { _id: supplier._id, name: supplier.name }, lines: second.json().lines });
    expect((await send('GET', `/api/suppliers/${supplier._id}/prices`, undefined, staff.storeUser.token)).statusCode).toBe(403);
    expect((await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [] }, staff.keeper.token)).statusCode).toBe(403);

    const emptied = await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [] });
    expect(emptied.json().lines).toEqual([]);
  });

  it('refuses a material twice, a material that does not exist and a bad cost, changing nothing', async () => {
    const supplier = await newSupplier();
    const cement = await createMaterial(t.app, staff.keeper.token);
    await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines: [{ materialId: cement._id, unitCost: '10' }] });
    const refused = async (lines: object[]) => {
      const answer = await send('PUT', `/api/suppliers/${supplier._id}/prices`, { lines });
      expect(answer.statusCode).toBe(400);
      return answer.json().message as string;
    };
    expect(
      await refused([
        { materialId: cement._id, unitCost: '1' },
        { materialId: cement._id, unitCost: '2' },
      ]),
    ).toBe(`Material ${cement._id} appears more than once in the price list.`);
    expect(await refused([{ materialId: '00000000-0000-4000-8000-000000000000', unitCost: '1' }])).toBe(
      'One material of the price list does not exist.',
    );
    expect(await refused([{ materialId: cement._id, unitCost: '-1' }])).toBe(
      'Unit cost must be an amount of 0 or more with at most 4 decimals.',
    );
    expect(await refused([{ materialId: cement._id, unitCost: '1', packSize: 0 }])).toBe('Pack size must be at least 1');
    const kept = await send('GET', `/api/suppliers/${supplier._id}/prices`);
    expect(kept.json().lines).toEqual([expect.objectContaining({ materialId: cement._id, unitCost: '10' })]);
    expect((await send('GET', '/api/suppliers/00000000-0000-4000-8000-000000000000/prices')).statusCode).toBe(404);
  });
});

describe('a delivery naming a known supplier', () => {
  it('links to it whatever the case; any other name stays free text', async () => {
    const supplier = await newSupplier();
    const material = await createMaterial(t.app, staff.keeper.token);
    const day = new Date().toISOString().slice(0, 10);
    const deliver = (name: string) =>
      send('POST', '/api/supply/add', { productId: material._id, quantity: 3, supplier: name, dateReceived: day }, staff.keeper.token);
    const known = await deliver(supplier.name.toLowerCase());
    expect(known.statusCode, known.body).toBe(201);
    expect(known.json().supply).toMatchObject({ supplier: supplier.name.toLowerCase(), supplierId: supplier._id });
    const other = await deliver('A man with a van');
    expect(other.json().supply).toMatchObject({ supplier: 'A man with a van', supplierId: null });

    // Edited to name the supplier, it links; the list shows the link.
    const edited = await send(
      'PUT',
      `/api/supply/${other.json().supply._id}`,
      { productId: material._id, quantity: 3, supplier: supplier.name, dateReceived: day },
      staff.keeper.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = (await send('GET', `/api/supply/all?q=${encodeURIComponent(supplier.name)}`, undefined, staff.keeper.token)).json();
    expect(listed.map((row: { supplierId: string }) => row.supplierId)).toEqual([supplier._id, supplier._id]);
  });
});
