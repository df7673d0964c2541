import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, PASSWORD } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const signIn = async (email: string) =>
  (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD } })).json();

describe('each person’s language', () => {
  it('is saved with the person and given back at every sign-in, on any device', async () => {
    const email = staff.keeper.email;
    expect((await signIn(email)).language).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(staff.keeper.token),
      payload: { language: 'hi' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Language saved.', language: 'hi' });
    expect((await signIn(email)).language).toBe('hi');
  });

  it('takes only the languages the app speaks', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(staff.storeUser.token),
      payload: { language: 'de' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Language must be one of en, es, fr, hi');
  });
});

describe('error answers', () => {
  it('carry a stable code beside the English message, for the screen to translate', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1 });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, quantity: 0 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: 'Please enter a valid quantity.', code: 'VALID_QUANTITY_REQUIRED' });
    const noStore = await t.app.inject({
      method: 'GET',
      url: '/api/products?storeId=00000000-0000-4000-8000-000000000000',
      headers: bearer(staff.keeper.token),
    });
    expect(noStore.statusCode).toBe(200);
    const notFound = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().code).toMatch(/^[A-Z_]+$|^not_found$/);
  });

  it('name a message made with names or numbers by its template, with its parts in order', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: '   ', totalQuantity: 1 },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Material name is required', code: 'fieldRequired', params: ['Material name'] });

    const hire = () =>
      t.app.inject({ method: 'POST', url: '/api/workers', headers: bearer(staff.keeper.token), payload: { name: 'Ravi (mason)' } });
    expect((await hire()).statusCode).toBe(201);
    const again = await hire();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'An active worker named "Ravi (mason)" already exists in this store.',
      code: 'workerNameTaken',
      params: ['Ravi (mason)'],
    });
  });
});
