import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAs, stubApi } from '../test/render';
import { queryClient } from './query-client';
import { preloadStartingScreen } from './screens';

const keeperToken = `h.${btoa(JSON.stringify({ sub: 'u1', stores: ['s1'] })).replace(/=+$/, '')}.sig`;

function answers() {
  return stubApi({
    'GET /api/stores': { body: [{ _id: 's1', name: 'North yard' }] },
    'GET /api/notifications': { body: { notifications: [], unread: 0 } },
    'GET /api/sync/parked': { body: { parked: [], total: 0 } },
    'GET /api/user/get-product': { body: { products: [], total: 0 } },
    'GET /api/jobs': { body: { jobs: [] } },
    'GET /api/cost-codes': { body: { costCodes: [] } },
    'GET /api/products': { body: { products: [], total: 0 } },
  });
}

const asked = (calls: { key: string }[]) => [...new Set(calls.map((call) => call.key))].sort();

describe('the starting screen', () => {
  afterEach(() => queryClient.clear());

  it("asks for what a keeper's frame and issue screen show first while their code arrives, before anything draws", async () => {
    signInAs('user', keeperToken);
    const calls = answers();
    preloadStartingScreen('/dashboard/consumestock');
    await waitFor(
      () =>
        expect(asked(calls)).toEqual([
          'GET /api/cost-codes',
          'GET /api/jobs',
          'GET /api/notifications',
          'GET /api/stores',
          'GET /api/sync/parked',
          'GET /api/user/get-product',
        ]),
      { timeout: 20_000 },
    );
    expect(queryClient.getQueryData(['jobs', 'open'])).toEqual([]);
  });

  it('asks a purchase for no jobs to charge', async () => {
    signInAs('user', keeperToken);
    const calls = answers();
    preloadStartingScreen('/dashboard/restockproduct');
    await waitFor(() => expect(asked(calls)).toContain('GET /api/user/get-product'), { timeout: 20_000 });
    expect(asked(calls)).not.toContain('GET /api/jobs');
    expect(asked(calls)).not.toContain('GET /api/cost-codes');
  });

  it("asks for a keeper's material list's first page", async () => {
    signInAs('user', keeperToken);
    const calls = answers();
    preloadStartingScreen('/dashboard/allproducts');
    await waitFor(() => expect(asked(calls)).toContain('GET /api/products'), { timeout: 20_000 });
  });

  it('asks for nothing before someone signs in', async () => {
    const calls = answers();
    preloadStartingScreen('/dashboard/consumestock');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toEqual([]);
  });
});
