import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createUser, unique } from '../../../test/factories';
import { startSmtp, until } from '../../../test/smtp';
import { queryRows } from '../../db/sql';
import { retryDelayMs } from '../../lib/mail/mail-loop';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ mail: { smtpUrl: smtp.url, from: 'Stockyard <stockyard@example.com>', pollMs: 50, retryBaseMs: 200 } });
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const issue = (productId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/user/consume-stock', headers: bearer(staff.keeper.token), payload: { productId, quantity } });

async function mailStates(materialId: string) {
  return queryRows<{ mail_state: string; mail_attempts: number }>(
    t.database.db,
    sql`select mail_state, mail_attempts from notifications where material_id = ${materialId} order by created_at`,
  );
}

describe('low-stock emails, sent after the movement commits', () => {
  it('mails the keeper once per crossing, not again while it stays low', async () => {
    const name = unique('Cement');
    const cement = await createMaterial(t.app, staff.keeper.token, { name, unit: 'bag', totalQuantity: 25 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/materials/${cement._id}/reorder`,
      headers: bearer(staff.keeper.token),
      payload: { minQty: 20, targetQty: 60, packSize: 10 },
    });
    expect((await issue(cement._id, 5)).statusCode).toBe(200);
    const toKeeper = () => smtp.received.filter((mail) => mail.to.includes(staff.keeper.email) && mail.body.includes(name));
    await until(
      async () => toKeeper(),
      (mails) => mails.length > 0,
    );
    expect(toKeeper()).toHaveLength(1);
    expect(toKeeper()[0]?.body).toContain(`Subject: Low stock in ${staff.store.name}`);
    expect(toKeeper()[0]?.body).toContain(`${name} is low in ${staff.store.name}: 20 bag left, minimum 20.`);

    expect((await issue(cement._id, 1)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(toKeeper()).toHaveLength(1);
    // The admin was told too, in an email of their own.
    expect(smtp.received.filter((mail) => mail.to.includes(staff.admin.email) && mail.body.includes(name))).toHaveLength(1);
  });

  it('retries a refused email with back-off, and the movement never waits for it', async () => {
    const name = unique('Sand');
    const sand = await createMaterial(t.app, staff.keeper.token, { name, totalQuantity: 3 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/materials/${sand._id}/reorder`,
      headers: bearer(staff.keeper.token),
      payload: { minQty: 2, targetQty: 10 },
    });
    smtp.state.refuse = 2;
    const started = Date.now();
    expect((await issue(sand._id, 1)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const states = await until(
      () => mailStates(sand._id),
      (rows) => rows.length > 0 && rows.every((row) => row.mail_state === 'sent'),
    );
    expect(states.every((row) => row.mail_state === 'sent')).toBe(true);
    // Two refusals, then sent: three tries among the notices of this crossing.
    expect(states.reduce((sum, row) => sum + row.mail_attempts, 0)).toBe(states.length + 2);
  });

  it("writes each email in the language its recipient saved, and the bell keeps the notice's code and parts", async () => {
    const spanish = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(spanish.token),
      payload: { language: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    const name = unique('Gravel');
    const gravel = await createMaterial(t.app, staff.keeper.token, { name, unit: 'm3', totalQuantity: 1500 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/materials/${gravel._id}/reorder`,
      headers: bearer(staff.keeper.token),
      payload: { minQty: 1200, targetQty: 2000 },
    });
    expect((await issue(gravel._id, 300)).statusCode).toBe(200);
    const mailTo = async (email: string) => {
      const parsedTo = () => Promise.all(smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => simpleParser(mail.body)));
      const mails = await until(parsedTo, (parsed) => parsed.some((mail) => mail.text?.includes(name)));
      return mails.find((mail) => mail.text?.includes(name));
    };
    const inSpanish = await mailTo(spanish.email);
    expect(inSpanish?.subject).toBe(`Existencias bajo mínimo en ${staff.store.name}`);
    expect(inSpanish?.text).toContain(`${name} está bajo mínimo en ${staff.store.name}: quedan 1200 m3, mínimo 1200.`);
    expect(inSpanish?.text).toContain('Abra la pantalla Bajo mínimo de Stockyard');
    const inEnglish = await mailTo(staff.keeper.email);
    expect(inEnglish?.subject).toBe(`Low stock in ${staff.store.name}`);
    expect(inEnglish?.text).toContain(`${name} is low in ${staff.store.name}: 1,200 m3 left, minimum 1,200.`);

    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(spanish.token) });
    const notice = bell.json().notifications.find((row: { text: string }) => row.text.startsWith(name));
    expect(notice).toMatchObject({ code: 'lowStock', params: [name, staff.store.name, 1200, 'm3', 1200] });
  });

  it('waits twice as long before each further try, an hour at most', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('with the mail server down', () => {
  it('records the movement at once and keeps the email pending for a later try', async () => {
    const down = await buildTestApp({
      mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'stockyard@example.com', pollMs: 50, retryBaseMs: 60_000 },
    });
    try {
      const people = await createStoreWithStaff(down.app, down.database.db);
      const rebar = await createMaterial(down.app, people.keeper.token, { totalQuantity: 3 });
      await down.app.inject({
        method: 'PUT',
        url: `/api/materials/${rebar._id}/reorder`,
        headers: bearer(people.keeper.token),
        payload: { minQty: 2, targetQty: 10 },
      });
      const started = Date.now();
      const answer = await down.app.inject({
        method: 'POST',
        url: '/api/user/consume-stock',
        headers: bearer(people.keeper.token),
        payload: { productId: rebar._id, quantity: 1 },
      });
      expect(answer.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      const rows = await until(
        () =>
          queryRows<{ mail_state: string; mail_attempts: number; retry_later: boolean }>(
            down.database.db,
            sql`select mail_state, mail_attempts, mail_next_at > now() + interval '30 seconds' as retry_later
                from notifications where material_id = ${rebar._id}`,
          ),
        (found) => found.length > 0 && found.every((row) => row.mail_attempts === 1),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ mail_state: 'pending', mail_attempts: 1, retry_later: true });
    } finally {
      await down.close();
    }
  });
});
