import { describe, expect, it } from 'vitest';
import { unique } from '../../../test/factories';
import { databaseName, inDays, type Json, useStaffedApp } from '../../../test/staffed-app';
import { checkExpiry } from './expiry.service';

const { app, staff, call } = useStaffedApp();
const database = databaseName;
const keeper = () => staff().keeper.token;
const dayText = (day: string) => day.split('-').reverse().join('/');

async function expiryNotices(material: string): Promise<string[]> {
  const response = await call(keeper(), 'GET', '/api/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().notifications as { text: string }[]).map((notice) => notice.text).filter((text) => text.startsWith(material));
}
async function expiring(query = '') {
  const response = await call(keeper(), 'GET', `/api/expiring${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { batches: Json[]; total: number };
}
const setWarningDays = (days: number) =>
  call(staff().admin.token, 'PUT', `/api/stores/update/${staff().store._id}`, {
    name: staff().store.name,
    location: 'Yard',
    isActive: true,
    expiryWarningDays: days,
  });

describe(`expiry alerts (${database})`, () => {
  it('lists and tells once of a batch expiring within the window, and once of one that expired; an issue never takes the expired one', async () => {
    const name = unique('Admixture');
    const made = await call(keeper(), 'POST', '/api/user/add-product', { name, unit: 'can', tracksExpiry: true });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().product._id as string;
    const receive = (batch: string, quantity: number, expiresOn: string) =>
      call(keeper(), 'POST', '/api/user/add-restock-product', { name, quantity, batch, expiresOn });
    expect((await receive('A', 6, inDays(10))).statusCode).toBe(200);
    expect((await receive('B', 6, inDays(100))).statusCode).toBe(200);
    expect((await receive('C', 4, inDays(-2))).statusCode).toBe(200);

    // Told at receipt: A is inside the store's 30 days, C had already expired; B is not yet.
    expect(await expiryNotices(name)).toEqual(
      expect.arrayContaining([
        `${name} batch A at ${staff().store.name} expires on ${dayText(inDays(10))}: 6 can left. Use it first.`,
        `${name} batch C at ${staff().store.name} expired on ${dayText(inDays(-2))}: 4 can left. Record it as damaged or return it to the supplier.`,
      ]),
    );
    expect(await expiryNotices(name)).toHaveLength(2);

    const issued = await call(keeper(), 'POST', '/api/user/consume-stock', { productId: id, quantity: 2 });
    expect(issued.statusCode, issued.body).toBe(200);
    const naming = await call(keeper(), 'POST', '/api/user/consume-stock', { productId: id, quantity: 1, batch: 'C' });
    expect(naming.statusCode).toBe(409);
    expect(naming.json().message).toContain(`Batch C of ${name} expired on`);
    expect(
      (await call(keeper(), 'POST', '/api/user/add-damaged-stock', { productId: id, damagedQuantity: 1, batch: 'C' })).statusCode,
    ).toBe(200);

    const listed = (await expiring('?withinDays=30')).batches.filter((row) => row.material === name);
    expect(listed).toEqual([
      expect.objectContaining({ batch: 'C', expiresOn: inDays(-2), quantity: 3, isExpired: true, daysLeft: -2 }),
      expect.objectContaining({ batch: 'A', expiresOn: inDays(10), quantity: 4, isExpired: false, daysLeft: 10, unit: 'can' }),
    ]);
    // The store's own window when none is asked for; a wider one reaches B.
    expect((await expiring()).batches.filter((row) => row.material === name).map((row) => row.batch)).toEqual(['C', 'A']);
    expect((await expiring('?withinDays=100')).batches.filter((row) => row.material === name).map((row) => row.batch)).toEqual([
      'C',
      'A',
      'B',
    ]);

    // Checks, even two at once, tell no batch twice.
    await Promise.all([checkExpiry(app().database.db, 'UTC'), checkExpiry(app().database.db, 'UTC')]);
    expect(await expiryNotices(name)).toHaveLength(2);

    // A store that warns 120 days ahead reaches B at the next check, once.
    const widened = await setWarningDays(120);
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().store.expiryWarningDays).toBe(120);
    await checkExpiry(app().database.db, 'UTC');
    await checkExpiry(app().database.db, 'UTC');
    const notices = await expiryNotices(name);
    expect(notices.filter((text) => text.includes('batch B'))).toHaveLength(1);
    expect(notices).toHaveLength(3);
    expect((await expiring()).batches.filter((row) => row.material === name).map((row) => row.batch)).toEqual(['C', 'A', 'B']);
  });

  it('refuses a warning outside 0 to 365 days and a query it cannot read', async () => {
    const refused = await setWarningDays(400);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Expiry warning must be a whole number of days from 0 to 365.');
    expect((await call(keeper(), 'GET', '/api/expiring?withinDays=-1')).statusCode).toBe(400);
    expect((await call(keeper(), 'GET', '/api/expiring?since=1')).statusCode).toBe(400);
  });
});
