import { afterAll, beforeAll, expect } from 'vitest';
import { shiftDay, todayIn } from '../src/lib/calendar';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, createStoreWithStaff } from './factories';
import { findLedgerMismatches } from './ledger-check';

export type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which database the file runs on, for its describe's name. */
export const databaseName = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Today in UTC, and `days` from it. */
export const today = todayIn('UTC');
export const inDays = (days: number) => shiftDay(today, days);

/**
 * A test file's app with a store, its admin, keeper and store user: built before its tests (with the
 * options `options` gives then), and closed after them once the ledger is seen to agree with every
 * counter and batch.
 */
export function useStaffedApp(options: () => Parameters<typeof buildTestApp>[0] = () => ({})) {
  let t: TestApp | undefined;
  let staff: Awaited<ReturnType<typeof createStoreWithStaff>> | undefined;
  beforeAll(async () => {
    t = await buildTestApp(options());
    staff = await createStoreWithStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    if (!t) return;
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    await t.close();
  });
  const app = () => {
    if (!t) throw new Error('the app is built before the tests');
    return t;
  };
  return {
    app,
    staff: () => {
      if (!staff) throw new Error('the staff are made before the tests');
      return staff;
    },
    /** A call as the holder of `token`. */
    call: (token: string, method: Method, url: string, payload?: object) =>
      app().app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) }),
  };
}
