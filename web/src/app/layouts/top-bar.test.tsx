import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../features/offline/outbox';
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

  it('asks before a logout that would lose movements still on the phone, and a keeper may stay', async () => {
    signInAs('user', keeperToken);
    stubApi({ 'GET /api/stores': { body: [{ _id: storeId, name: 'Riverside', location: 'Gate 1' }] } });
    await enqueue({
      opId: '7f1c2b3a-0000-4000-8000-0000000000b1',
      kind: 'issue',
      itemKind: 'material',
      itemId: '7f1c2b3a-0000-4000-8000-0000000000c1',
      quantity: 1,
      reason: '',
      capturedAt: new Date().toISOString(),
      storeId,
      userId: 'u1',
      itemName: 'Cement',
      unit: 'bag',
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    expect(await screen.findByText('1 waiting to sync')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 movement recorded on this phone has not reached the server yet. Logging out now loses it.');
    expect(within(dialog).getByRole('button', { name: 'Discard and log out' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(localStorage.getItem('token')).toBe(keeperToken);
  });
});
