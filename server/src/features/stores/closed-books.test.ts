import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool, recordAt, unique } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { shiftDay, todayIn } from '../../lib/calendar';

let t: TestApp;
const today = todayIn('UTC');
const yesterday = shiftDay(today, -1);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

function lock(staff: Staff, throughDate: string, token = staff.admin.token) {
  return t.app.inject({ method: 'PUT', url: `/api/stores/${staff.store._id}/lock`, headers: bearer(token), payload: { throughDate } });
}

function supply(token: string, productId: string, dateReceived: string, quantity = 4) {
  return t.app.inject({
    method: 'POST',
    url: '/api/supply/add',
    headers: bearer(token),
    payload: { productId, quantity, supplier: 'Acme', dateReceived },
  });
}

function issue(token: string, productId: string, quantity: number) {
  return t.app.inject({ method: 'POST', url: '/api/user/consume-stock', headers: bearer(token), payload: { productId, quantity } });
}

describe('closed books: PUT /api/stores/:id/lock', () => {
  it('refuses a delivery dated on or before the lock (409 naming it) and takes one dated after', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const locked = await lock(staff, yesterday);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ message: 'Books closed.', store: { lockedThrough: yesterday } });

    const refused = await supply(staff.keeper.token, product._id, yesterday);
    expect(refused.statusCode).toBe(409);
    const [y, m, d] = yesterday.split('-');
    expect(refused.json().message).toBe(
      `The books of ${staff.store.name} are closed through ${d}/${m}/${y}. Record the correction on a later day.`,
    );
    expect((await supply(staff.admin.token, product._id, '2020-01-01')).statusCode).toBe(409);
    expect((await supply(staff.keeper.token, product._id, today)).statusCode).toBe(201);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it("keeps last month's CSV byte for byte while today's movements, a reversal and a refused backdating come in", async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { name: unique('Cement'), totalQuantity: 0 });
    const firstOfThisMonth = `${today.slice(0, 8)}01`;
    const endOfLastMonth = shiftDay(firstOfThisMonth, -1);
    const startOfLastMonth = `${endOfLastMonth.slice(0, 8)}01`;
    for (const [kind, quantity, day] of [
      ['purchase', 100, startOfLastMonth],
      ['issue', 30, shiftDay(endOfLastMonth, -3)],
      ['damage', 2, endOfLastMonth],
    ] as const) {
      expect(await recordAt(t.database.db, { itemId: product._id, kind, quantity, at: `${day}T10:00:00Z` })).toBe(true);
    }
    const csvOfLastMonth = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/report/generate-report/csv?storeId=${staff.store._id}&startDate=${startOfLastMonth}&endDate=${endOfLastMonth}`,
        headers: bearer(staff.admin.token),
      });
      expect(response.statusCode).toBe(200);
      return response.rawPayload;
    };
    expect((await lock(staff, endOfLastMonth)).statusCode).toBe(200);
    const before = await csvOfLastMonth();

    expect((await issue(staff.keeper.token, product._id, 5)).statusCode).toBe(200);
    expect((await supply(staff.keeper.token, product._id, today, 7)).statusCode).toBe(201);
    expect((await supply(staff.keeper.token, product._id, endOfLastMonth, 7)).statusCode).toBe(409);
    const history = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${product._id}`, headers: bearer(staff.admin.token) });
    const lastMonthIssue = history
      .json()
      .movements.find((m: { kind: string; quantity: number }) => m.kind === 'issue' && m.quantity === 30);
    const reversal = await t.app.inject({
      method: 'POST',
      url: `/api/movements/${lastMonthIssue._id}/reverse`,
      headers: bearer(staff.admin.token),
      payload: { reason: 'Issued to the wrong site' },
    });
    // The correction of a closed month is recorded today, in an open period.
    expect(reversal.statusCode).toBe(200);
    expect(reversal.json().movement.occurredAt.slice(0, 10)).toBe(today);

    const after = await csvOfLastMonth();
    expect(Buffer.compare(after, before)).toBe(0);
    expect(before.toString('utf8')).toContain(',0,100,0,0,30,2,0,0,0,0,68,');
  });

  it('only moves forward, through yesterday at the latest, and only for an admin; unlocking is audited', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    expect((await lock(staff, today)).json().message).toBe('The books can be closed through yesterday at the latest.');
    expect((await lock(staff, yesterday, staff.keeper.token)).statusCode).toBe(403);
    expect((await lock(staff, yesterday)).statusCode).toBe(200);
    const backwards = await lock(staff, shiftDay(yesterday, -5));
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().message).toMatch(/^The books are already closed through .*; closing only moves forward\./);

    const unlockWithoutReason = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${staff.store._id}/lock`,
      headers: bearer(staff.admin.token),
      payload: {},
    });
    expect(unlockWithoutReason.statusCode).toBe(400);
    const unlocked = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${staff.store._id}/lock`,
      headers: bearer(staff.admin.token),
      payload: { reason: 'Supplier invoice found late' },
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().store.lockedThrough).toBeNull();
    expect((await supply(staff.keeper.token, product._id, yesterday)).statusCode).toBe(201);

    const audit = await t.app.inject({ method: 'GET', url: `/api/audit?action=unlock`, headers: bearer(staff.admin.token) });
    const events = audit.json().events ?? audit.json();
    expect(JSON.stringify(events)).toContain('Supplier invoice found late');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${staff.store._id}/lock`,
      headers: bearer(staff.admin.token),
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a delivery edit or delete that would move stock inside closed books', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const created = await supply(staff.keeper.token, product._id, shiftDay(today, -3));
    const id = created.json().supply._id;
    expect((await lock(staff, yesterday)).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/supply/${id}`,
      headers: bearer(staff.keeper.token),
      payload: { productId: product._id, quantity: 9, supplier: 'Acme', dateReceived: today },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/are closed through/);
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/delete-inventory/${id}`, headers: bearer(staff.keeper.token) });
    expect(removal.statusCode).toBe(409);
  });
});

describe(`closing the books while a backdated delivery is being recorded (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes the delivery wait for the lock and then refuses it; a delivery that got in first is kept', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.admin.token, { storeId: staff.store._id, totalQuantity: 10 });
    const day = shiftDay(today, -5);
    if (t.database.url) {
      // Another connection takes the store row as closing the books does, and closes them, uncommitted.
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from stores where id = $1 for update', [staff.store._id]);
        await other.query(
          `update stores set locked_through = $2, locked_before = ($2::date + 1)::timestamp at time zone 'UTC' where id = $1`,
          [staff.store._id, shiftDay(today, -2)],
        );
        const pending = supply(staff.admin.token, product._id, day);
        // The delivery cannot finish while the books are being closed.
        const early = await Promise.race([
          pending.then(() => 'answered'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
        ]);
        expect(early).toBe('waiting');
        await other.query('commit');
        const answer = await pending;
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toMatch(/are closed through/);
      } finally {
        await other.end();
      }
    } else {
      // The embedded database runs one statement at a time: the delivery before the lock stays, the one after is refused.
      expect((await supply(staff.admin.token, product._id, day)).statusCode).toBe(201);
      expect((await lock(staff, shiftDay(today, -2))).statusCode).toBe(200);
      expect((await supply(staff.admin.token, product._id, day)).statusCode).toBe(409);
    }
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe('an Inactive store', () => {
  it('takes no movement, delivery or new item until it is Active again (409 naming its status)', async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const setActive = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/stores/update/${staff.store._id}`,
        headers: bearer(staff.admin.token),
        payload: { name: staff.store.name, location: 'Yard', isActive },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    const message = `${staff.store.name} is Inactive: it takes no stock movements, deliveries or new items until an admin marks it Active again.`;

    const refusedIssue = await issue(staff.keeper.token, product._id, 1);
    expect(refusedIssue.statusCode).toBe(409);
    expect(refusedIssue.json().message).toBe(message);
    const refusedSupply = await supply(staff.keeper.token, product._id, today);
    expect(refusedSupply.statusCode).toBe(409);
    expect(refusedSupply.json().message).toBe(message);
    const newMaterial = await t.app.inject({
      method: 'POST',
      url: '/api/user/add-product',
      headers: bearer(staff.keeper.token),
      payload: { name: unique('Sand'), totalQuantity: 1 },
    });
    expect(newMaterial.statusCode).toBe(409);
    expect(newMaterial.json().message).toBe(message);
    await expect(createTool(t.app, staff.admin.token, { storeId: staff.store._id })).rejects.toThrow(/is Inactive/);

    expect((await setActive(true)).statusCode).toBe(200);
    expect((await issue(staff.keeper.token, product._id, 1)).statusCode).toBe(200);
  });
});

describe('how far back a delivery may be dated', () => {
  it(`lets a keeper go back OFFLINE_MAX_AGE_DAYS (30) and no further; an admin further, down to the lock`, async () => {
    const staff = await createStoreWithStaff(t.app, t.database.db);
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const tooOld = await supply(staff.keeper.token, product._id, '1900-01-01');
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().message).toBe('A store keeper may date a delivery at most 30 days back. Ask an admin to record an older one.');
    expect((await supply(staff.keeper.token, product._id, shiftDay(today, -31))).statusCode).toBe(400);
    expect((await supply(staff.keeper.token, product._id, shiftDay(today, -30))).statusCode).toBe(201);
    expect((await supply(staff.admin.token, product._id, shiftDay(today, -400))).statusCode).toBe(201);
    expect((await lock(staff, shiftDay(today, -100))).statusCode).toBe(200);
    expect((await supply(staff.admin.token, product._id, shiftDay(today, -400))).statusCode).toBe(409);
    expect((await supply(staff.admin.token, product._id, shiftDay(today, -99))).statusCode).toBe(201);
  });
});
