import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

/** A hub's charts load lazily and ask for their data: the test waits for the answer (none is stubbed), so nothing loads after it ends. */
async function dashboardSettled() {
  expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
    /Cannot reach the server|No stub for GET \/api\/dashboard/,
  );
}

describe('routing by role', () => {
  it.each([
    ['/dashboard/admin', '/'],
    ['/anything', '/'],
    ['/dashboard', '/'],
  ])('without a role sends %s to %s', async (from, to) => {
    const { router } = renderAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(screen.getByPlaceholderText('Enter your Email')).toBeInTheDocument();
  });

  it.each([
    ['admin', '/dashboard/admin'],
    ['user', '/dashboard/manager-dashboard'],
    ['store-user', '/dashboard/store-user-dashboard'],
    ['manager', '/dashboard/manager-dashboard'],
  ])('sends /dashboard and unknown paths of role %s to %s', async (role, home) => {
    stubApi({ 'GET /api/stores': { body: [] }, 'GET /api/auth/fetch-users': { body: { users: [] } } });
    signInAs(role);
    for (const from of ['/dashboard', '/no/such/page', '/']) {
      const { router, unmount } = renderAt(from);
      await waitFor(() => expect(router.state.location.pathname).toBe(home));
      unmount();
    }
  });

  it("keeps a keeper out of the admin's screens", async () => {
    signInAs('user');
    const { router } = renderAt('/dashboard/allusers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manager-dashboard'));
    expect(await screen.findByRole('link', { name: 'Generate Report' })).toBeInTheDocument();
    // The 25 buttons (the 13 of the base hub, Import, Stock valuation, Job cost, Stock Count, Tools Out, Service, Low Stock, Expiring, Requests, Transfers, Purchase orders and Needs attention), and the top bar's Notifications, Sessions and Change Password (wider screens) or Your account (phones).
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/dashboard/'))).toHaveLength(29);
    await dashboardSettled();
  });

  it('shows the admin hub with its four buttons', async () => {
    signInAs('admin');
    renderAt('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Role' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Create Users', '/dashboard/createuser'],
      ['All Users', '/dashboard/allusers'],
      ['Create New Store', '/dashboard/createstore'],
      ['Check Store Details', '/dashboard/allstores'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await dashboardSettled();
  });

  it('shows the inventory hub with its seven buttons', async () => {
    signInAs('admin');
    renderAt('/dashboard/inventory');
    for (const name of [
      'Materials',
      'Tool Entry',
      'Tools',
      'Damage Tools',
      'Return Tools',
      'Issued Tools',
      'Generate Report',
      'Stock Counts',
    ]) {
      expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    }
  });
});
