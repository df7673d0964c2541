import type { DashboardResponse } from '@stockyard/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

const store = { storeId: '5e0c0c0c-0000-4000-8000-000000000001', storeName: 'Riverside' };
const cementId = 'b1c2a9e0-0000-4000-8000-000000000001';

const dashboard = (over: Partial<DashboardResponse> = {}): DashboardResponse => ({
  since: '2026-10-28',
  topConsumed: [{ materialId: cementId, name: 'Cement', unit: 'bag', storeName: 'Riverside', quantity: 1250 }],
  weekly: { materialId: cementId, name: 'Cement', unit: 'bag', weeks: [{ weekStart: '2026-11-16', quantity: 300 }] },
  damageShare: [{ ...store, issued: 1250, damaged: 25, share: 0.02 }],
  signInBursts: [],
  geofenceExceptions: 0,
  ...over,
});

describe("the admin's hub", () => {
  it('says the charts are loading, then shows them, each also as a table, with the buttons below', async () => {
    signInAs('admin');
    const held = holdApi('/api/dashboard');
    renderAt('/dashboard/admin');
    expect(await screen.findByText('Loading the dashboard...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Users' })).toBeInTheDocument();
    // The charts' code arrives first, then their one call: answered once it is made.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/dashboard'))).toBe(true));
    held.answer(dashboard());
    expect(await screen.findByText('Most issued since 28/10/2026')).toBeInTheDocument();
    const switches = await screen.findAllByRole('switch', { name: 'Table' });
    await userEvent.setup().click(switches[0] as HTMLElement);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Cement/ })).toHaveTextContent('Riverside');
    expect(within(table).getByRole('row', { name: /Cement/ })).toHaveTextContent('1,250 bag');
  });

  it('says when nothing was issued, and warns of sign-in bursts', async () => {
    signInAs('admin');
    stubApi({
      'GET /api/dashboard': {
        body: dashboard({
          topConsumed: [],
          weekly: null,
          damageShare: [],
          signInBursts: [{ userName: 'Asha', at: '2026-11-25T09:00:00.000Z', lastAddress: '203.0.113.9' }],
        }),
      },
    });
    renderAt('/dashboard/admin');
    expect(await screen.findByText('Nothing was issued in the last 30 days.')).toBeInTheDocument();
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Asha');
    expect(within(warning).getByRole('link', { name: 'See the audit trail' })).toHaveAttribute('href', '/dashboard/audit');
  });

  it('counts the movements recorded outside their store’s geofence, with a link to them', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/dashboard': { body: dashboard({ geofenceExceptions: 3 }) } });
    renderAt('/dashboard/admin');
    expect(await screen.findByText('3 movements were recorded outside their store’s geofence in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the exceptions' })).toHaveAttribute('href', '/dashboard/exceptions');
  });

  it('shows what each store holds and what the open jobs consumed, against their budgets, as exact amounts in the table', async () => {
    signInAs('admin');
    stubApi({
      'GET /api/dashboard': {
        body: dashboard({
          stockValue: [{ storeId: 's1', storeName: 'Riverside', value: '12345678.91' }],
          jobs: [{ jobId: 'j1', code: 'T-A', name: 'Tower A', monthValue: '412.50', totalValue: '1200.10', budget: '5000.00' }],
        }),
      },
    });
    renderAt('/dashboard/admin');
    expect(await screen.findByText('Stock value by store')).toBeInTheDocument();
    expect(await screen.findByText('Jobs: this month, to date and budget')).toBeInTheDocument();
    const user = userEvent.setup();
    const switches = await screen.findAllByRole('switch', { name: 'Table' });
    await user.click(switches[3] as HTMLElement);
    await user.click(switches[4] as HTMLElement);
    const tables = await screen.findAllByRole('table');
    expect(tables.some((table) => table.textContent?.includes('$12,345,678.91'))).toBe(true);
    const jobRow = screen.getByRole('row', { name: /T-A Tower A/ });
    expect(jobRow).toHaveTextContent('$412.50');
    expect(jobRow).toHaveTextContent('$1,200.10');
    expect(jobRow).toHaveTextContent('$5,000.00');
  });

  it('draws the 10 largest of many stores and says so, the table listing every one', async () => {
    signInAs('admin');
    const stockValue = Array.from({ length: 12 }, (_, index) => ({
      storeId: `s${index}`,
      storeName: `Store ${index}`,
      value: `${index}.00`,
    }));
    stubApi({ 'GET /api/dashboard': { body: dashboard({ stockValue, jobs: [] }) } });
    renderAt('/dashboard/admin');
    expect(await screen.findByText('The 10 largest of 12; the table lists them all.')).toBeInTheDocument();
    const switches = await screen.findAllByRole('switch', { name: 'Table' });
    await userEvent.setup().click(switches[3] as HTMLElement);
    const table = await screen.findByRole('table', { name: 'Stock value by store' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('says when the charts could not be loaded, the buttons still there', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/dashboard': { status: 500, body: { message: 'Something went wrong on our side.' } } });
    renderAt('/dashboard/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('link', { name: 'All Users' })).toBeInTheDocument();
  });

  it('with no signal, asks for none and says the charts wait for it', async () => {
    signInAs('admin');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const calls = stubApi({});
    renderAt('/dashboard/admin');
    expect(await screen.findByText('No signal: the charts will load when you are back online.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Create Users' })).toBeInTheDocument());
    expect(calls.filter((call) => call.key === 'GET /api/dashboard')).toHaveLength(0);
  });
});

describe("the keeper's hub", () => {
  it('leaves the charts below the buttons alone until the keeper scrolls to them', async () => {
    let reveal: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          reveal = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        observe() {}
        disconnect() {}
      },
    );
    signInAs('user');
    const calls = stubApi({ 'GET /api/dashboard': { body: dashboard() } });
    renderAt('/dashboard/manager-dashboard');
    expect(await screen.findByRole('link', { name: 'Issued Material' })).toBeInTheDocument();
    expect(screen.getByText('Loading the dashboard...')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.key === 'GET /api/dashboard')).toHaveLength(0);

    act(() => reveal?.());
    expect(await screen.findByText('Most issued since 28/10/2026')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'GET /api/dashboard')).toHaveLength(1);
  });
});
