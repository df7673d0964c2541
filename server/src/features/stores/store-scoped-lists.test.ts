import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff } from '../../../test/factories';

/** Every list that can be asked for one store. */
const LISTS = [
  '/api/counts',
  '/api/low-stock',
  '/api/workers',
  '/api/custody',
  '/api/stock-requests',
  '/api/transfers',
  '/api/movements',
  '/api/sync/parked',
];

let t: TestApp;
let mine: Awaited<ReturnType<typeof createStoreWithStaff>>;
let theirs: Awaited<ReturnType<typeof createStoreWithStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  mine = await createStoreWithStaff(t.app, t.database.db);
  theirs = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(() => t.close());

describe('lists asked for one store', () => {
  for (const list of LISTS) {
    it(`${list}: 403 for a store the keeper cannot see, as every store-scoped call answers; 200 for their own`, async () => {
      const ask = (storeId: string) =>
        t.app.inject({ method: 'GET', url: `${list}?storeId=${storeId}`, headers: bearer(mine.keeper.token) });
      const other = await ask(theirs.store._id);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('You do not have access to this store.');
      expect((await ask(mine.store._id)).statusCode).toBe(200);
    });
  }
});
