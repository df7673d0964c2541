import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const storeId = '5e0c0c0c-0000-4000-8000-000000000001';
const keeperToken = `h.${btoa(JSON.stringify({ sub: 'u1', stores: [storeId] })).replace(/=+$/, '')}.sig`;

describe("the phone's top bar", () => {
  it("names the keeper's store, and still does when the store list cannot come for want of signal", async () => {
    signInAs('user', keeperToken);
    stubApi({ 'GET /api/stores': { body: [{ _id: storeId, name: 'Riverside', location: 'Gate 1' }] } });
    const first = renderAt('/dashboard/consumestock');
    expect(await screen.findByTestId('bar-store')).toHaveTextContent('Riverside');
    expect(screen.getByTestId('bar-page')).toHaveTextContent('Issued Material');
    first.unmount();

    vi.unstubAllGlobals();
    stubApi({ 'GET /api/stores': { connectionLost: true } });
    renderAt('/dashboard/consumestock');
    expect(await screen.findByTestId('bar-store')).toHaveTextContent('Riverside');
  });

  it('names no store that is not the signed-in keeper’s', async () => {
    localStorage.setItem('barStoreName', JSON.stringify({ id: 'another-store', name: 'Hill Road' }));
    signInAs('user', keeperToken);
    stubApi({ 'GET /api/stores': { connectionLost: true } });
    renderAt('/dashboard/consumestock');
    expect(await screen.findByTestId('bar-page')).toHaveTextContent('Issued Material');
    expect(screen.queryByTestId('bar-store')).toBeNull();
  });
});
