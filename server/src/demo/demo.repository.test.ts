import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { findLedgerMismatches } from '../../test/ledger-check';
import { queryRows } from '../db/sql';
import { fillDemo } from './demo.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('dates every movement in the past four months, none after now even early in the day, and keeps every counter equal to its ledger', async () => {
    // Half past midnight: today's working hours have not come yet.
    const now = new Date();
    now.setUTCHours(0, 30, 0, 0);
    await fillDemo(t.database.db, { movements: 600, now });
    const [span] = await queryRows<{ lines: number; today: number; future: number; oldest: string }>(
      t.database.db,
      sql`select count(*)::int as lines,
                 count(*) filter (where occurred_at >= date_trunc('day', ${now.toISOString()}::timestamptz))::int as today,
                 count(*) filter (where occurred_at > ${now.toISOString()}::timestamptz)::int as future,
                 (date_trunc('day', ${now.toISOString()}::timestamptz) - date_trunc('day', min(occurred_at)))::text as oldest
          from movements`,
    );
    expect(span?.lines).toBeGreaterThan(100);
    expect(span?.today).toBeGreaterThan(0);
    expect(span?.future).toBe(0);
    expect(span?.oldest).toBe('124 days');
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});
