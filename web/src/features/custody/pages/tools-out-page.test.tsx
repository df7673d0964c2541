import type { Custody } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

function record(overrides: Partial<Custody>): Custody {
  return {
    _id: crypto.randomUUID(),
    toolId: 't1',
    workerId: 'w1',
    storeId: 's1',
    tool: { _id: 't1', name: 'Hammer drill' },
    worker: { _id: 'w1', name: 'Ravi', trade: 'Mason' },
    store: { _id: 's1', name: 'Riverside' },
    quantity: 2,
    outstanding: 2,
    returnedGood: 0,
    returnedDamaged: 0,
    lost: 0,
    dueAt: '2026-11-20T17:00:00.000Z',
    status: 'open',
    isOverdue: false,
    daysOverdue: 0,
    issuedBy: { _id: 'u1', name: 'Cal Keeper' },
    issuedAt: '2026-11-20T08:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

describe('ToolsOutPage', () => {
  it('shows days late in red and checks tools in as good, damaged and lost', async () => {
    signInAs('user');
    const late = record({ isOverdue: true, daysOverdue: 3 });
    const onTime = record({ tool: { _id: 't2', name: 'Grinder' }, quantity: 1, outstanding: 1, dueAt: '2026-11-24T17:00:00.000Z' });
    const calls = stubApi({
      'GET /api/custody': { body: { custody: [late, onTime], total: 2 } },
      [`POST /api/custody/${late._id}/return`]: {
        body: { message: 'Tool checked in', custody: { ...late, outstanding: 0, status: 'closed' } },
      },
    });
    renderAt('/dashboard/toolsout');
    const user = userEvent.setup();
    const lateRow = await screen.findByRole('listitem', { name: '2 × Hammer drill with Ravi' });
    expect(within(lateRow).getByText(/3 days late/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: '1 × Grinder with Ravi' })).queryByText(/late/)).not.toBeInTheDocument();

    await user.click(within(lateRow).getByRole('button', { name: 'Check in Hammer drill from Ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in' });
    const good = within(dialog).getByRole('textbox', { name: 'Good' });
    expect(good).toHaveValue('2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lost' }), '{Backspace}1');
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only 2 are still out on this record.');
    await user.clear(good);
    await user.type(good, '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Left on level 4');
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Tool checked in')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(1));
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({ good: 1, damaged: 0, lost: 1, note: 'Left on level 4' });
  });

  it('lets a store user read the list without check-in buttons', async () => {
    signInAs('store-user');
    stubApi({ 'GET /api/custody': { body: { custody: [record({})], total: 1 } } });
    renderAt('/dashboard/toolsout');
    expect(await screen.findByRole('listitem', { name: '2 × Hammer drill with Ravi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
  });

  it('moves a due date to the end of the chosen working day', async () => {
    signInAs('user');
    const late = record({ isOverdue: true, daysOverdue: 1 });
    const calls = stubApi({
      'GET /api/custody': { body: { custody: [late], total: 1 } },
      [`PATCH /api/custody/${late._id}`]: { body: { message: 'Due date changed', custody: { ...late, isOverdue: false } } },
    });
    renderAt('/dashboard/toolsout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change when Hammer drill is due from Ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change due date' });
    await user.type(within(dialog).getByLabelText('Due back on'), '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Due date changed')).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ dueAt: '2026-11-30' });
  });
});
