import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cement } from '../../test/fixtures';
import { renderAt, setOnline, signInAs, stubApi } from '../../test/render';
import { discardAll, dismissRejected, enqueue, type QueuedOp, rejectedOps, settle, waitingOps } from './outbox';
import { RETRY_FIRST_MS, retryDelay, SYNC_INTERVAL_MS } from './sync';

const USER_ID = '7f1c2b3a-0000-4000-8000-000000000001';
/** A token whose claims name the user, as the server's do; its signature is never read here. */
const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s'] })).replace(/=+$/, '')}.sig`;

const product = cement;

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The query library heard "offline" too: tell it the browser is back.
  window.dispatchEvent(new Event('online'));
  await discardAll(USER_ID);
});

async function issueCement(quantity: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Material' }));
  await user.click(await screen.findByRole('option', { name: 'Cement (bag)' }));
  await user.type(screen.getByRole('textbox', { name: 'Quantity' }), quantity);
  await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
  return user;
}

describe('the outbox', () => {
  it('keeps an issue recorded offline on the phone, shows it waiting, and sends it with "Sync now"', async () => {
    signInAs('user', token);
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'GET /api/sync/parked': { body: { parked: [], total: 0 } },
      'POST /api/sync/movements': (body) => ({
        body: { results: (body as { ops: { opId: string }[] }).ops.map((op) => ({ opId: op.opId, status: 'applied', movementId: 'm1' })) },
      }),
    });
    renderAt('/dashboard/consumestock');
    await screen.findByRole('combobox', { name: 'Material' });
    setOnline(false);
    const user = await issueCement('4');

    expect(await screen.findByRole('status')).toHaveTextContent('Recorded on this phone. It will be sent as soon as there is signal.');
    // The numbers shown are the phone's until the server's arrive.
    expect(screen.getByTestId('stock-Available')).toHaveTextContent('3');
    const bar = await screen.findByRole('region', { name: 'Sync status' });
    expect(await within(bar).findByText('1 waiting to sync')).toBeInTheDocument();
    expect(within(bar).getByText('Offline')).toBeInTheDocument();
    const [queued] = await waitingOps(USER_ID);
    expect(queued).toMatchObject({ kind: 'issue', itemKind: 'material', itemId: product._id, quantity: 4, storeId: product.storeId._id });
    expect(calls.filter((call) => call.key === 'POST /api/user/consume-stock')).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await user.click(within(bar).getByRole('button', { name: 'Sync now' }));
    await vi.waitFor(async () => expect(await waitingOps(USER_ID)).toEqual([]));
    const sent = calls.find((call) => call.key === 'POST /api/sync/movements');
    expect(sent?.body).toEqual({
      ops: [
        {
          opId: queued?.opId,
          kind: 'issue',
          itemKind: 'material',
          itemId: product._id,
          quantity: 4,
          reason: '',
          capturedAt: queued?.capturedAt,
          storeId: product.storeId._id,
        },
      ],
    });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Sync status' })).toBeNull());
  });

  it('keeps an entry whose answer was lost, under the key the single call used', async () => {
    signInAs('user', token);
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'POST /api/user/consume-stock': { connectionLost: true },
    });
    renderAt('/dashboard/consumestock');
    await issueCement('2');
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('Recorded on this phone.');
    const [queued] = await waitingOps(USER_ID);
    const single = calls.find((call) => call.key === 'POST /api/user/consume-stock');
    expect(single?.headers['Idempotency-Key']).toBe(queued?.opId);
  }, 15_000);

  it('takes the entry out again when the server answers, refusal or not', async () => {
    signInAs('user', token);
    stubApi({
      'GET /api/user/get-product': { body: [product] },
      'POST /api/user/consume-stock': { status: 409, body: { message: 'Not enough stock available' } },
    });
    renderAt('/dashboard/consumestock');
    await issueCement('50');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock available');
    expect(await waitingOps(USER_ID)).toEqual([]);
  });

  it("keeps an op the server refused because the store's waiting list is full, and sets aside one refused for good", async () => {
    const queued = (opId: string): QueuedOp => ({
      opId,
      kind: 'issue',
      itemKind: 'material',
      itemId: product._id,
      quantity: 1,
      reason: '',
      capturedAt: new Date().toISOString(),
      storeId: product.storeId._id,
      userId: USER_ID,
      itemName: product.name,
      unit: product.unit,
    });
    const full = queued('7f1c2b3a-0000-4000-8000-0000000000f1');
    const forbidden = queued('7f1c2b3a-0000-4000-8000-0000000000f2');
    await enqueue(full);
    await enqueue(forbidden);
    await settle(
      [full, forbidden],
      [
        { opId: full.opId, status: 'rejected', code: 'parked_full', message: 'The list is full.' },
        { opId: forbidden.opId, status: 'rejected', code: 'forbidden', message: 'This store is no longer one of yours.' },
      ],
    );
    expect((await waitingOps(USER_ID)).map((op) => op.opId)).toEqual([full.opId]);
    expect((await rejectedOps(USER_ID)).map((op) => op.opId)).toEqual([forbidden.opId]);
    await dismissRejected(forbidden.opId);
  });

  it('tries a sync whose answer was lost again by itself within seconds, and the bar then clears', async () => {
    signInAs('user', token);
    let tries = 0;
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'GET /api/sync/parked': { body: { parked: [], total: 0 } },
      // The first answer is lost on the way back; the server applies the op once whatever the phone resends.
      'POST /api/sync/movements': (body) => {
        tries += 1;
        if (tries === 1) return { connectionLost: true };
        return {
          body: {
            results: (body as { ops: { opId: string }[] }).ops.map((op) => ({ opId: op.opId, status: 'duplicate', movementId: 'm1' })),
          },
        };
      },
    });
    renderAt('/dashboard/consumestock');
    await screen.findByRole('combobox', { name: 'Material' });
    setOnline(false);
    await issueCement('4');
    const bar = await screen.findByRole('region', { name: 'Sync status' });
    expect(await within(bar).findByText('1 waiting to sync')).toBeInTheDocument();

    setOnline(true);
    await vi.waitFor(() => expect(tries).toBe(1));
    expect(within(bar).getByText('1 waiting to sync')).toBeInTheDocument();
    // Nobody taps "Sync now": the phone tries again after RETRY_FIRST_MS, long before the next interval.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Sync status' })).toBeNull(), { timeout: RETRY_FIRST_MS + 3_000 });
    expect(calls.filter((call) => call.key === 'POST /api/sync/movements')).toHaveLength(2);
    expect(await waitingOps(USER_ID)).toEqual([]);
  }, 15_000);

  it('says how many movements need attention in the bar, with a link to them', async () => {
    signInAs('user', token);
    stubApi({ 'GET /api/sync/parked': { body: { parked: [{}, {}], total: 2 } } });
    renderAt('/dashboard/consumestock');
    const bar = await screen.findByRole('region', { name: 'Sync status' });
    const link = await within(bar).findByRole('link', { name: '2 need attention' });
    expect(link).toHaveAttribute('href', '/dashboard/needs-attention');
    expect(within(bar).queryByText(/waiting to sync/)).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Sync now' })).toBeNull();
  });
});

describe('retrying a sync with no answer', () => {
  it('waits twice as long after each try that got none, up to the sync interval', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, SYNC_INTERVAL_MS, SYNC_INTERVAL_MS]);
  });
});
