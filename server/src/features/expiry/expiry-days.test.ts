import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, unique } from '../../../test/factories';
import { startSmtp, until } from '../../../test/smtp';
import { databaseName, inDays, type Json, useStaffedApp } from '../../../test/staffed-app';
import { todayIn } from '../../lib/calendar';

// A zone whose calendar day differs from UTC's right now: it is ahead of UTC from 10:00 UTC, behind it before 11:00.
const utcToday = todayIn('UTC');
const zone = todayIn('Pacific/Kiritimati') !== utcToday ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
const appToday = todayIn(zone);
const isAhead = appToday > utcToday;
/** Expired on the app's calendar and not on UTC's when the zone is ahead; the reverse when it is behind. */
const borderDay = isAhead ? utcToday : appToday;
const dayText = (day: string) => day.split('-').reverse().join('/');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
const { app, staff, call } = useStaffedApp(() => ({
  timeZone: zone,
  mail: { smtpUrl: smtp.url, from: 'Stockyard <stockyard@example.com>', pollMs: 50, retryBaseMs: 200 },
}));
afterAll(async () => {
  await smtp?.close();
});
const keeper = () => staff().keeper.token;

async function sealant() {
  const response = await call(keeper(), 'POST', '/api/user/add-product', { name: unique('Sealant'), unit: 'tube', tracksExpiry: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { _id: string; name: string };
}
async function batchesOf(id: string) {
  const response = await call(keeper(), 'GET', `/api/materials/${id}/batches`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().batches as Json[]).map((row) => [row.batch, row.quantity]);
}

describe(`batches judged on the app's calendar day, in ${zone} (${databaseName})`, () => {
  it("a supplier delivery's batch is told as expired or expiring by the app's day, in the bell and by email", async () => {
    const material = await sealant();
    const delivered = await call(staff().admin.token, 'POST', '/api/add-inventory', {
      productId: material._id,
      supplier: 'Sika',
      date: appToday,
      quantity: 6,
      batch: 'E1',
      expiresOn: borderDay,
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const store = staff().store.name;
    const told = isAhead
      ? `${material.name} batch E1 at ${store} expired on ${dayText(borderDay)}: 6 tube left. Record it as damaged or return it to the supplier.`
      : `${material.name} batch E1 at ${store} expires on ${dayText(borderDay)}: 6 tube left. Use it first.`;
    const notices = await call(keeper(), 'GET', '/api/notifications');
    expect(
      (notices.json().notifications as { text: string }[]).map((notice) => notice.text).filter((text) => text.startsWith(material.name)),
    ).toEqual([told]);

    const mails = await until(
      async () => smtp.received.filter((mail) => mail.to.includes(staff().keeper.email) && mail.body.includes(material.name)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`Subject: Expiring stock in ${store}`);
    expect(mails[0]?.body.replace(/=\r?\n/g, '')).toContain(`batch E1 at ${store}`);
  });

  it("a new material's starting batch is told as expired or expiring by the app's day", async () => {
    const name = unique('Primer');
    const made = await call(keeper(), 'POST', '/api/user/add-product', {
      name,
      unit: 'can',
      tracksExpiry: true,
      totalQuantity: 4,
      batch: 'S1',
      expiresOn: borderDay,
    });
    expect(made.statusCode, made.body).toBe(201);
    const notices = (await call(keeper(), 'GET', '/api/notifications')).json().notifications as { text: string }[];
    const verb = isAhead ? 'expired on' : 'expires on';
    expect(notices.map((notice) => notice.text).filter((text) => text.startsWith(name))).toEqual([
      expect.stringContaining(`${name} batch S1 at ${staff().store.name} ${verb} ${dayText(borderDay)}: 4 can left.`),
    ]);
  });

  it("a transfer's dispatch takes no batch expired on the app's day, and takes one that is not", async () => {
    const site = await createStore(app().app, staff().admin.token);
    const material = await sealant();
    for (const [batch, expiresOn] of [
      ['A', borderDay],
      ['B', inDays(100)],
    ] as const) {
      const bought = await call(keeper(), 'POST', '/api/user/add-restock-product', { name: material.name, quantity: 5, batch, expiresOn });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    const made = await call(keeper(), 'POST', '/api/transfers', {
      fromStoreId: staff().store._id,
      toStoreId: site._id,
      lines: [{ materialId: material._id, quantity: 2 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const dispatched = await call(keeper(), 'POST', `/api/transfers/${made.json().transfer._id}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await batchesOf(material._id)).toEqual(
      isAhead
        ? [
            ['A', 5],
            ['B', 3],
          ]
        : [
            ['A', 3],
            ['B', 5],
          ],
    );
  });
});
