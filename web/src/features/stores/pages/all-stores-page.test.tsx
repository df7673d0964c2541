import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const store = (name: string, location: string) => ({
  _id: crypto.randomUUID(),
  name,
  storeName: name,
  location,
  openingHours: '',
  isActive: true,
  status: 'Active',
  createdAt: '2026-03-04T10:00:00.000Z',
});

describe('AllStoresPage', () => {
  it('searches name or location on the server, a page at a time', async () => {
    signInAs('admin');
    const stores = [store('Riverside', 'Dock road'), store('Hilltop', 'Quarry lane')];
    stubApi({
      // The screen no longer filters what it gets: a store disappears only if the server was asked with q.
      'GET /api/stores': (_body, url) => {
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        return { body: stores.filter((s) => `${s.name} ${s.location}`.toLowerCase().includes(q)) };
      },
    });
    renderAt('/dashboard/allstores');
    expect(await screen.findByText('Riverside')).toBeInTheDocument();
    expect(screen.getAllByText('2026-03-04')).toHaveLength(2);
    await userEvent.type(screen.getByPlaceholderText('Search by store name or location'), 'QUARRY');
    await waitFor(() => expect(screen.queryByText('Riverside')).not.toBeInTheDocument());
    expect(screen.getByText('Hilltop')).toBeInTheDocument();
  });

  it('refuses to save an edit without a location, saying the location is needed', async () => {
    signInAs('admin');
    const calls = stubApi({ 'GET /api/stores': { body: [store('Riverside', '')] } });
    renderAt('/dashboard/allstores');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Riverside' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(within(dialog).getByRole('textbox', { name: 'Location' })).toHaveAccessibleDescription(
      'Store name, location, and status are required.',
    );
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toHaveLength(0);
  });

  it('asks before deleting and shows why a store in use stays', async () => {
    signInAs('admin');
    const riverside = store('Riverside', 'Dock road');
    stubApi({
      'GET /api/stores': { body: [riverside] },
      [`DELETE /api/stores/delete/${riverside._id}`]: { status: 409, body: { message: 'This store has users. Mark it Inactive instead.' } },
    });
    renderAt('/dashboard/allstores');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside' }));
    expect(await screen.findByText('Are you sure you want to delete this store?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mark it Inactive instead.');
  });

  it("closes a store's books through a day once the date is confirmed, and reopens them only with a reason", async () => {
    signInAs('admin');
    const riverside = { ...store('Riverside', 'Dock road'), lockedThrough: null, countTolerancePercent: 0 };
    const calls = stubApi({
      'GET /api/stores': { body: [riverside] },
      [`PUT /api/stores/${riverside._id}/lock`]: (body) => ({
        body: { message: 'Books closed.', store: { ...riverside, lockedThrough: (body as { throughDate: string }).throughDate } },
      }),
      [`DELETE /api/stores/${riverside._id}/lock`]: { body: { message: 'Books reopened.', store: riverside } },
    });
    renderAt('/dashboard/allstores');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Books of Riverside' }));
    const books = within(await screen.findByRole('dialog', { name: 'Books of Riverside' })).getByRole('group', { name: 'Closed books' });
    expect(within(books).getByText('Books open')).toBeInTheDocument();
    await user.type(within(books).getByLabelText('Close books through'), '2026-10-31');
    await user.click(within(books).getByRole('button', { name: 'Close books' }));
    // Nothing is closed until the date is read back and confirmed; cancelling leaves the books open.
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent(
      'Close the books of Riverside through 31/10/2026? Nothing can then be recorded, changed or reversed in this store on or before 31/10/2026.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
    await user.click(within(books).getByRole('button', { name: 'Close books' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Close books' }));
    expect(await within(books).findByText('Books closed through 31/10/2026')).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({ throughDate: '2026-10-31' });

    const reopen = within(books).getByRole('button', { name: 'Reopen books' });
    expect(reopen).toBeDisabled();
    await user.type(within(books).getByLabelText('Reason to reopen'), 'Invoice found late');
    await user.click(reopen);
    expect(await within(books).findByText('Books open')).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('DELETE'))?.body).toEqual({ reason: 'Invoice found late' });
  });
});
