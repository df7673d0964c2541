import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createUser, unique } from '../../../test/factories';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

async function notificationsOf(token: string) {
  return (await call(token, 'GET', '/api/notifications')).json() as {
    notifications: { _id: string; text: string; read: boolean }[];
    unread: number;
  };
}

const issue = (token: string, productId: string, quantity: number) =>
  call(token, 'POST', '/api/user/consume-stock', { productId, quantity });

describe('low-stock notifications, once per crossing', () => {
  it("tells the store's keepers and the admins once when a movement makes a material low, and again only after it was above", async () => {
    const otherStore = await createStoreWithStaff(t.app, t.database.db);
    const secondKeeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const cement = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), unit: 'bag', totalQuantity: 25 });
    expect(
      (await call(staff.keeper.token, 'PUT', `/api/materials/${cement._id}/reorder`, { minQty: 20, targetQty: 60, packSize: 10 }))
        .statusCode,
    ).toBe(200);
    const before = (await notificationsOf(staff.keeper.token)).unread;

    expect((await issue(staff.keeper.token, cement._id, 5)).statusCode).toBe(200);
    const text = `${cement.name} is low in ${staff.store.name}: 20 bag left, minimum 20.`;
    for (const token of [staff.keeper.token, secondKeeper.token, staff.admin.token]) {
      const mine = await notificationsOf(token);
      expect(mine.notifications.filter((n) => n.text === text)).toHaveLength(1);
    }
    expect((await notificationsOf(staff.keeper.token)).unread).toBe(before + 1);
    // Neither another store's keeper nor a store user hears of it.
    expect((await notificationsOf(otherStore.keeper.token)).notifications.map((n) => n.text)).not.toContain(text);
    expect((await notificationsOf(staff.storeUser.token)).notifications).toEqual([]);

    // Lower still: no second notification.
    expect((await issue(staff.keeper.token, cement._id, 1)).statusCode).toBe(200);
    expect(
      (await notificationsOf(staff.keeper.token)).notifications.filter((n) => n.text.startsWith(`${cement.name} is low`)),
    ).toHaveLength(1);

    // Back above the minimum, then low again: one more.
    expect(
      (await call(staff.keeper.token, 'POST', '/api/user/refund-stock', { productId: cement._id, refundQuantity: 6 })).statusCode,
    ).toBe(200);
    expect((await issue(staff.keeper.token, cement._id, 7)).statusCode).toBe(200);
    expect(
      (await notificationsOf(staff.keeper.token)).notifications.filter((n) => n.text.startsWith(`${cement.name} is low`)),
    ).toHaveLength(2);
  });

  it('notifies once when many movements cross at the same moment', async () => {
    const sand = await createMaterial(t.app, staff.keeper.token, { name: unique('Sand'), totalQuantity: 30 });
    await call(staff.keeper.token, 'PUT', `/api/materials/${sand._id}/reorder`, { minQty: 20, targetQty: 40 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => issue(staff.keeper.token, sand._id, 1)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await notificationsOf(staff.admin.token)).notifications.filter((n) => n.text.startsWith(`${sand.name} is low`))).toHaveLength(
      1,
    );
  });

  it('marks one or all read, only the caller’s own', async () => {
    const rebar = await createMaterial(t.app, staff.keeper.token, { name: unique('Rebar'), totalQuantity: 3 });
    await call(staff.keeper.token, 'PUT', `/api/materials/${rebar._id}/reorder`, { minQty: 2, targetQty: 10 });
    await issue(staff.keeper.token, rebar._id, 1);
    const mine = await notificationsOf(staff.keeper.token);
    const first = mine.notifications[0];
    expect(first?.read).toBe(false);
    expect((await call(staff.admin.token, 'POST', `/api/notifications/${first?._id}/read`)).statusCode).toBe(404);
    expect((await call(staff.keeper.token, 'POST', `/api/notifications/${first?._id}/read`)).statusCode).toBe(200);
    expect((await notificationsOf(staff.keeper.token)).unread).toBe(mine.unread - 1);
    expect((await call(staff.keeper.token, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect((await notificationsOf(staff.keeper.token)).unread).toBe(0);
  });
});
