import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../lib/errors';
import { stores } from './schema';
import { queryRows, queryRowsPrepared } from './sql';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe(`the ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} driver`, () => {
  it('returns count(*) and bigint values as numbers', async () => {
    const [row] = await queryRows<{ n: unknown; big: unknown; total: unknown }>(
      t.database.db,
      sql`select count(*) as n, 9007199254740991::bigint as big, sum(x)::bigint as total from (values (2), (3)) v(x)`,
    );
    expect(row).toEqual({ n: 2, big: 9_007_199_254_740_991, total: 5 });
  });

  it('returns booleans, text and null the same way', async () => {
    const [row] = await queryRows<Record<string, unknown>>(t.database.db, sql`select true as yes, 'a' as text, null::int as nothing`);
    expect(row).toEqual({ yes: true, text: 'a', nothing: null });
  });
});

describe('a statement sent again and again (queryRowsPrepared)', () => {
  it('answers as queryRows does, and still answers after a column is added to the table it returns', async () => {
    const db = t.database.db;
    const name = `prepared_${randomUUID().slice(0, 8)}`;
    const table = sql.identifier(name);
    await queryRows(db, sql`create table ${table} (a int)`);
    try {
      await queryRows(db, sql`insert into ${table} values (1), (2)`);
      // At once, so that several of the pool's connections prepare it.
      const selectAll = () =>
        Promise.all(Array.from({ length: 12 }, () => queryRowsPrepared(db, sql`select * from ${table} where a = ${1}`)));
      expect(await selectAll()).toEqual(Array(12).fill([{ a: 1 }]));
      // Prepared under a name, not parsed and planned anew each time (on each of the pool's connections).
      const [named] = await queryRows<{ n: number }>(
        db,
        sql`select count(*) as n from pg_prepared_statements where statement like ${`select * from "${name}"%`}`,
      );
      expect(named?.n).toBe(1);
      await queryRows(db, sql`alter table ${table} add column b int default 2`);
      expect(await selectAll()).toEqual(Array(12).fill([{ a: 1, b: 2 }]));
      expect(await selectAll()).toEqual(Array(12).fill([{ a: 1, b: 2 }]));
    } finally {
      await queryRows(db, sql`drop table ${table}`);
    }
  });

  it('fails as queryRows does, with the database error, and answers the next call', async () => {
    const db = t.database.db;
    const table = sql.identifier(`prepared_${randomUUID().slice(0, 8)}`);
    await queryRows(db, sql`create table ${table} (a int primary key)`);
    try {
      const insert = (a: number) => queryRowsPrepared<{ a: number }>(db, sql`insert into ${table} values (${a}) returning a`);
      expect(await insert(1)).toEqual([{ a: 1 }]);
      await expect(insert(1)).rejects.toSatisfy((error) => databaseErrorCode(error) === UNIQUE_VIOLATION);
      expect(await insert(2)).toEqual([{ a: 2 }]);
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*) as n from ${table}`);
      expect(row?.n).toBe(2);
    } finally {
      await queryRows(db, sql`drop table ${table}`);
    }
  });
});

describe('a long query', () => {
  it("leaves the server's thread free: timers keep firing while it runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    try {
      // A CPU-bound statement of a few hundred milliseconds, like a big store's report.
      const started = performance.now();
      await queryRows(t.database.db, sql`select count(*) from generate_series(1, 3000000) g where g % 7 = 0`);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThan(100);
      // Near one tick per 10 ms of the query; PGlite on the server's thread would allow none.
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 10 / 3));
    } finally {
      clearInterval(timer);
    }
  });

  it('keeps a failed transaction from leaving anything behind, and the database usable', async () => {
    await t.database.db.execute(sql`create table if not exists scratch_rollback (n int primary key)`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into scratch_rollback values (1)`);
        await tx.execute(sql`insert into scratch_rollback values (1)`);
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*) as n from scratch_rollback`);
    expect(row?.n).toBe(0);
  });
});

/** The error itself or the cause Drizzle wraps it in says what went wrong and what to do. */
function namesTheMistake(error: unknown): boolean {
  const { message, cause } = error as { message: string; cause?: { message?: string } };
  return /inside an open transaction.*Run it on the transaction \(tx\)/s.test(`${message} ${cause?.message ?? ''}`);
}

describe('a query on the database from inside its own transaction', () => {
  it('is refused at once, naming the mistake, on either database', async () => {
    const started = performance.now();
    await expect(
      t.database.db.transaction(async () => {
        await t.database.db.execute(sql`select 1`);
      }),
    ).rejects.toSatisfy(namesTheMistake);
    await expect(
      t.database.db.transaction(async () => {
        await t.database.db.select().from(stores);
      }),
    ).rejects.toSatisfy(namesTheMistake);
    await expect(t.database.db.transaction(async () => t.database.db.transaction(async () => 1))).rejects.toSatisfy(namesTheMistake);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('is allowed again once the transaction is over, also from work it started', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => queryRows(t.database.db, sql`select 2 as n`));
    });
    await expect(later).resolves.toEqual([{ n: 2 }]);
  });
});
