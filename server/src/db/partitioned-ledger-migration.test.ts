import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createAdmin, createUser } from '../../test/factories';
import { findLedgerMismatches } from '../../test/ledger-check';
import { adminQuery, databaseUrl } from '../../test/postgres-admin';
import { migrationsDir } from '../paths';
import { type Database, openPglite, openPostgres } from './client';
import { migrate } from './migrate';
import { queryRows } from './sql';

/** The migrations up to and including `tag`, in a folder of their own. */
function migrationsThrough(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'stockyard-migrations-'));
  cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function userIdOf(email: string): Promise<string> {
  const [user] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${email}`);
  return user?.id as string;
}

/** An empty database: a new one on the server TEST_DATABASE_URL names, else in-memory PGlite. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openPglite(), drop: async () => {} };
  const name = `stockyard_migration_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  return {
    database: openPostgres(databaseUrl(serverUrl, name), 5),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

type LedgerRow = { id: string; occurred_at: string; reverses_id: string | null; partition: string };

let t: TestApp;
let staff: { admin: { token: string }; keeper: { token: string }; store: { _id: string; name: string } };
let before: { row: Record<string, unknown> }[];
let materialId: string;
let syncedMovementId: string;
const folder = migrationsThrough('0043_write-positions');

// A ledger written before it was partitioned: movements of this month, an issue of March 2024 and its
// reversal in April, and a movement a phone's op recorded.
beforeAll(async () => {
  const empty = await emptyDatabase();
  await migrate(empty.database, folder);
  t = await buildTestApp({}, empty);
  // The store is written as that schema had it: the app of today reads columns added since.
  const [store] = await queryRows<{ _id: string; name: string }>(
    t.database.db,
    sql`insert into stores (name, location) values ('Store before partitions', 'North yard') returning id as "_id", name`,
  );
  const admin = await createAdmin(t.app, t.database.db);
  const keeper = await createUser(t.app, admin.token, { role: 'user', storeId: store?._id ?? '' });
  staff = { admin, keeper, store: store as { _id: string; name: string } };
  // The material and a phone's issue of it, written as that schema had them: an opening of 30, and 4
  // issued by an op kept in sync_ops.
  const keeperId = await userIdOf(keeper.email);
  const opId = randomUUID();
  const [written] = await queryRows<{ material_id: string; movement_id: string }>(
    t.database.db,
    sql`with material as (
          insert into materials (store_id, name, unit, total_quantity, consumed_quantity, available_quantity)
          values (${staff.store._id}, 'Cement before partitions', 'bag', 30, 4, 26) returning id
        ), opening as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, actor_id)
          select ${staff.store._id}, 'material', id, 'opening', 30, ${keeperId}::uuid from material
        ), issued as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, actor_id, idempotency_key, occurred_at)
          select ${staff.store._id}, 'material', id, 'issue', 4, ${keeperId}::uuid, ${opId}, now() - interval '1 minute' from material
          returning id, item_id
        ), synced as (
          insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, item_kind, item_id, quantity, captured_at, state, movement_id)
          select ${keeperId}::uuid, ${opId}::uuid, 'before-partitions', ${staff.store._id}, 'issue', 'material', item_id, 4,
                 now() - interval '1 minute', 'applied', id
          from issued
        )
        select item_id as material_id, id as movement_id from issued`,
  );
  materialId = written?.material_id as string;
  await t.database.db.execute(
    sql`with issued as (
          insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at)
          values (${staff.store._id}, 'material', ${materialId}, 'issue', 2, '2024-03-10T08:00:00Z', '2024-03-10T08:00:00Z') returning id
        )
        insert into movements (store_id, item_kind, item_id, kind, quantity, occurred_at, recorded_at, reverses_id)
        select ${staff.store._id}, 'material', ${materialId}, 'issue', -2, '2024-04-02T08:00:00Z', '2024-04-02T08:00:00Z', id from issued`,
  );
  before = await queryRows(t.database.db, sql`select to_jsonb(m) as row from movements m order by id`);
  syncedMovementId = written?.movement_id as string;
  await migrate(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('migrating a ledger to monthly partitions', () => {
  it('keeps every movement as it was, each in its month, with its keys beside it', async () => {
    // Every column the ledger had keeps its value; columns added by later migrations are left out.
    const after = await queryRows<{ row: Record<string, unknown> }>(
      t.database.db,
      sql`select to_jsonb(m) as row from movements m order by id`,
    );
    const asBefore = after.map(({ row }, index) => ({
      row: Object.fromEntries(Object.keys(before[index]?.row ?? {}).map((column) => [column, row[column]])),
    }));
    expect(asBefore).toEqual(before);
    const rows = await queryRows<LedgerRow>(
      t.database.db,
      sql`select m.id, m.occurred_at, m.reverses_id, m.tableoid::regclass::text as partition from movements m order by m.occurred_at`,
    );
    const month = new Date().toISOString().slice(0, 7).replace('-', '_');
    expect(rows.map((row) => row.partition)).toEqual([
      'movements_2024_03',
      'movements_2024_04',
      ...rows.slice(2).map(() => `movements_${month}`),
    ]);
    const keys = await queryRows<Omit<LedgerRow, 'partition'>>(
      t.database.db,
      sql`select k.id, k.occurred_at, k.reverses_id from movement_keys k order by k.occurred_at`,
    );
    expect(keys).toEqual(rows.map(({ partition: _, ...key }) => key));
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('keeps what refers to a movement: its op, and its one reversal', async () => {
    const [op] = await queryRows<{ id: string }>(t.database.db, sql`select id from movement_keys where id = ${syncedMovementId}`);
    expect(op?.id).toBe(syncedMovementId);
    const [march] = await queryRows<{ id: string }>(t.database.db, sql`select id from movements where occurred_at < '2024-04-01'`);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/movements/${march?.id}/reverse`,
      headers: bearer(staff.admin.token),
      payload: { reason: 'Once more' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('goes on recording, reversing and reporting on the partitioned ledger', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/user/consume-stock',
      headers: bearer(staff.keeper.token),
      payload: { productId: materialId, quantity: 3 },
    });
    expect(issued.statusCode).toBe(200);
    const [latest] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from movements where item_id = ${materialId} and kind = 'issue' and quantity = 3`,
    );
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/movements/${latest?.id}/reverse`,
      headers: bearer(staff.keeper.token),
      payload: { reason: 'Typed 3 instead of 0' },
    });
    expect(reversed.statusCode).toBe(200);
    const history = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${materialId}`, headers: bearer(staff.admin.token) });
    const reversedLines = (history.json().movements as { _id: string; reversedBy: unknown }[]).filter((row) => row.reversedBy);
    expect(reversedLines).toHaveLength(2);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/report/generate-report?storeId=${staff.store._id}&startDate=2024-03-01&endDate=2024-03-31`,
      headers: bearer(staff.admin.token),
    });
    expect(report.json()).toEqual([expect.objectContaining({ materialId, consumedQuantity: 2 })]);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});
