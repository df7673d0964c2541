import { DEFAULT_ACCOUNTS } from '@stockyard/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the journal screen', () => {
  it('downloads the period asked for, summed per day when chosen, as CSV or Excel', async () => {
    signInAs('admin');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:journal', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const asked: string[] = [];
    stubApi({
      'GET /api/settings/accounts': { body: { accounts: DEFAULT_ACCOUNTS } },
      'GET /api/exports/journal': (_body, url) => {
        asked.push(url.search);
        return { body: 'Date,Store' };
      },
    });
    renderAt('/dashboard/journal');
    const user = userEvent.setup();
    const from = await screen.findByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '01/10/2026');
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '31/10/2026');
    await user.click(screen.getByRole('switch', { name: 'One line per day, store and account' }));
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(new URLSearchParams(asked[0])).toEqual(
      new URLSearchParams({ from: '2026-10-01', to: '2026-10-31', summary: 'day', format: 'xlsx' }),
    );

    await user.clear(to);
    await user.type(to, '30/09/2026');
    expect(await screen.findByText('Choose a period from one day to another, at most 366 days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Excel' })).not.toBeInTheDocument();
  });

  it("saves the company's account codes and names, every one together", async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/settings/accounts': { body: { accounts: DEFAULT_ACCOUNTS } },
      'PUT /api/settings/accounts': (body) => ({ body: { message: 'Accounts saved.', accounts: body } }),
    });
    renderAt('/dashboard/journal');
    const user = userEvent.setup();
    const code = await screen.findByRole('textbox', { name: 'Code · Inventory' });
    expect(code).toHaveValue('1300');
    await user.clear(code);
    await user.type(code, '14000');
    await user.clear(screen.getByRole('textbox', { name: 'Name · Inventory' }));
    await user.type(screen.getByRole('textbox', { name: 'Name · Inventory' }), 'Stock on hand');
    await user.click(screen.getByRole('button', { name: 'Save accounts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Accounts saved.');
    const put = calls.find((call) => call.key === 'PUT /api/settings/accounts');
    expect(put?.body).toEqual({ ...DEFAULT_ACCOUNTS, inventory: { code: '14000', name: 'Stock on hand' } });
    expect(put?.headers['Idempotency-Key']).toBeTruthy();
  });
});
