import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff } from '../../../test/factories';
import { queryRows } from '../../db/sql';
import { findMovementRows } from './movements.repository';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

type FeedAnswer = { movements: { _id: string; quantity: number; kind: string }[]; total: number; next: string };

async function feed(token: string, after: string, extra = ''): Promise<FeedAnswer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/movements?after=${encodeURIComponent(after)}${extra}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-total-count']).toBeUndefined();
  return response.json();
}

/** Reads the whole feed from a cursor, a page at a time; answers every id read and the last cursor. */
async function readAll(token: string, from: string, pageSize: number, extra = ''): Promise<{ ids: string[]; cursor: string }> {
  const ids: string[] = [];
  let cursor = from;
  for (;;) {
    const page = await feed(token, cursor, `&limit=${pageSize}${extra}`);
    ids.push(...page.movements.map((movement) => movement._id));
    expect(page.total).toBe(page.movements.length);
    if (page.movements.length === 0) {
      expect(page.next).toBe(cursor);
      return { ids, cursor };
    }
    cursor = page.next;
  }
}

/**
 * Waits until every transaction that began before now has ended, on any database of the server (the
 * feed's horizon is the server's oldest running transaction, and other test files run beside this one):
 * after it the feed holds back nothing that was committed before.
 */
async function untilEarlierTransactionsEnd(): Promise<void> {
  const [mark] = await queryRows<{ tx: string }>(t.database.db, sql`select pg_current_xact_id()::text as tx`);
  await expect
    .poll(
      async () => {
        const [row] = await queryRows<{ done: boolean }>(
          t.database.db,
          sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${mark?.tx}::xid8 as done`,
        );
        return row?.done;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
}

const issue = (token: string, productId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/user/consume-stock', headers: bearer(token), payload: { productId, quantity } });

describe('GET /api/movements?after=: the ledger for integrations, by a stable cursor', () => {
  it('reads every movement once in commit order, page by page, then only what was committed since', async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    for (const quantity of [1, 2, 3]) expect((await issue(staff.keeper.token, product._id, quantity)).statusCode).toBe(200);

    await untilEarlierTransactionsEnd();
    const first = await readAll(staff.admin.token, '', 2);
    const everything = await queryRows<{ id: string }>(t.database.db, sql`select id from movements`);
    expect(new Set(first.ids).size).toBe(first.ids.length);
    expect([...first.ids].sort()).toEqual(everything.map((row) => row.id).sort());
    // Commit order: the opening before the issues, the issues as they were sent.
    const mine = (await feed(staff.admin.token, '', `&itemId=${product._id}`)).movements;
    expect(mine.map((movement) => [movement.kind, movement.quantity])).toEqual([
      ['opening', 50],
      ['issue', 1],
      ['issue', 2],
      ['issue', 3],
    ]);

    expect((await issue(staff.keeper.token, product._id, 4)).statusCode).toBe(200);
    await untilEarlierTransactionsEnd();
    const since = await readAll(staff.admin.token, first.cursor, 2);
    expect(since.ids).toHaveLength(1);
    const [latest] = (await feed(staff.admin.token, first.cursor)).movements;
    expect(latest).toMatchObject({ kind: 'issue', quantity: 4 });
  });

  it('keeps to the caller’s stores, and to a store or item when asked', async () => {
    const otherStore = await createStore(t.app, staff.admin.token);
    const elsewhere = await createMaterial(t.app, staff.admin.token, { storeId: otherStore._id, totalQuantity: 5 });
    const here = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    await untilEarlierTransactionsEnd();
    const keepers = await readAll(staff.keeper.token, '', 100);
    expect(keepers.ids).not.toContain(await openingOf(elsewhere._id));
    expect(keepers.ids).toContain(await openingOf(here._id));
    const oneStore = await readAll(staff.admin.token, '', 100, `&storeId=${otherStore._id}`);
    expect(oneStore.ids).toEqual([await openingOf(elsewhere._id)]);
    const storeUser = await t.app.inject({ method: 'GET', url: '/api/movements?after=', headers: bearer(staff.storeUser.token) });
    expect(storeUser.statusCode).toBe(403);
  });

  it('refuses a cursor it did not make with a 400 that says what to send', async () => {
    for (const cursor of ['garbage', Buffer.from('12.not-a-uuid').toString('base64url'), Buffer.from('-1.x').toString('base64url')]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/movements?after=${cursor}`, headers: bearer(staff.admin.token) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The cursor is not valid. Send the "next" of an earlier answer, or an empty one to start.');
    }
  });

  it(`never skips a movement committed late (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const product = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    await untilEarlierTransactionsEnd();
    const start = (await readAll(staff.admin.token, '', 500)).cursor;
    if (t.database.url) {
      // Another connection records a movement and holds its transaction open, as a slow request would.
      const slow = new pg.Client({ connectionString: t.database.url });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query(
          `insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at) values ($1, 'material', $2, 'adjustment', 7, now())`,
          [staff.store._id, product._id],
        );
        // A movement that starts later commits first: the feed holds it back while the older one may still land.
        expect((await issue(staff.keeper.token, product._id, 1)).statusCode).toBe(200);
        const meanwhile = await readAll(staff.admin.token, start, 10);
        expect(meanwhile.ids).toEqual([]);
        await slow.query('commit');
        await untilEarlierTransactionsEnd();
        const after = await feed(staff.admin.token, start);
        expect(after.movements.map((movement) => [movement.kind, movement.quantity])).toEqual([
          ['adjustment', 7],
          ['issue', 1],
        ]);
      } finally {
        await slow.end();
      }
    } else {
      // One connection: inside a transaction that has written a movement, the feed holds that row back until it commits.
      await t.database.db.transaction(async (tx) => {
        await queryRows(
          tx,
          sql`insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at)
              values (${staff.store._id}, 'material', ${product._id}, 'adjustment', 7, now())`,
        );
        const feedPosition = { tx: '0', id: '00000000-0000-0000-0000-000000000000' };
        const inside = await findMovementRows(tx, {
          storeIds: null,
          itemId: product._id,
          limit: 10,
          offset: 0,
          timeZone: 'UTC',
          after: feedPosition,
        });
        expect(inside.rows.map((row) => row.kind)).toEqual(['opening']);
      });
      const after = await feed(staff.admin.token, start);
      expect(after.movements.map((movement) => [movement.kind, movement.quantity])).toEqual([['adjustment', 7]]);
    }
  });
});

async function openingOf(itemId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from movements where item_id = ${itemId} and kind = 'opening'`,
  );
  if (!row) throw new Error('no opening');
  return row.id;
}

describe('movement ids', () => {
  it('are UUIDs of version 7 that sort in the order the movements were recorded', async () => {
    const material = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    for (let issued = 0; issued < 3; issued++) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/consume-stock',
        headers: bearer(staff.keeper.token),
        payload: { productId: material._id, quantity: 1 },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text from movements where item_id = ${material._id} order by recorded_at, occurred_at`,
    );
    expect(rows).toHaveLength(4);
    for (const { id } of rows) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ids = rows.map((row) => row.id);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time the row was written, in milliseconds.
    const written = Number.parseInt(ids[0]?.replace(/-/g, '').slice(0, 12) ?? '', 16);
    expect(Math.abs(written - Date.now())).toBeLessThan(60_000);
  });
});
