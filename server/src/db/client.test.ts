import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { queryRows } from './client';

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
