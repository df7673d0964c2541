import type { Custody } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneAt, recordLocation } from '../../../test/geolocation';
import { keepOnPhone } from '../../../test/kept-lists';
import { renderAt, setOnline, signInAs, stubApi } from '../../../test/render';
import { discardAll, enqueueOp } from '../../offline';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

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
    units: [],
    serviceDue: false,
    signatures: [],
    photos: [],
    ...overrides,
  };
}

describe('ToolsOutPage', () => {
  it('shows days late in red and checks tools in as good, damaged and lost', async () => {
    signInAs('user');
    const late = record({ isOverdue: true, daysOverdue: 3, photos: [{ _id: 'f1', type: 'image/jpeg' }] });
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
    // The photos taken at its hand-over and returns.
    expect(within(lateRow).getByRole('group', { name: '1 attachment' })).toBeInTheDocument();
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

  it('checks tools in with where the phone is, when the keeper records it', async () => {
    signInAs('user');
    recordLocation(true);
    phoneAt({ latitude: 6.5, longitude: 3.4, accuracy: 12 });
    const out = record({ outstanding: 1, quantity: 1 });
    const calls = stubApi({
      'GET /api/custody': { body: { custody: [out], total: 1 } },
      [`POST /api/custody/${out._id}/return`]: {
        body: { message: 'Tool checked in', custody: { ...out, outstanding: 0, status: 'closed' } },
      },
    });
    try {
      renderAt('/dashboard/toolsout');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Check in Hammer drill from Ravi' }));
      const dialog = await screen.findByRole('dialog', { name: 'Check in' });
      expect(within(dialog).getByText(/within 12 m/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
      await waitFor(() => expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(1));
      expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
        good: 1,
        damaged: 0,
        lost: 0,
        note: '',
        location: { lat: 6.5, lon: 3.4, accuracyM: 12 },
      });
    } finally {
      recordLocation(false);
    }
  });

  it("shows a serial tool's units with a service-due mark and checks each back in its own condition", async () => {
    signInAs('user');
    const units = [
      { _id: '3c1f0000-0000-4000-8000-000000000001', serial: 'BR-1' },
      { _id: '3c1f0000-0000-4000-8000-000000000002', serial: 'BR-2' },
    ];
    const out = record({ units, serviceDue: true });
    const calls = stubApi({
      'GET /api/custody': { body: { custody: [out], total: 1 } },
      [`POST /api/custody/${out._id}/return`]: {
        body: { message: 'Tool checked in', custody: { ...out, outstanding: 0, status: 'closed' } },
      },
    });
    renderAt('/dashboard/toolsout');
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: '2 × Hammer drill with Ravi' });
    expect(within(row).getByRole('link', { name: 'BR-2' })).toHaveAttribute('href', `/dashboard/tool-units/${units[1]?._id}`);
    expect(within(row).getByText('Service due')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Check in Hammer drill from Ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in' });
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'BR-2' })).getByText('Damaged'));
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Tool checked in')).toBeInTheDocument();
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
      good: [units[0]?._id],
      damaged: [units[1]?._id],
      lost: [],
      note: '',
    });
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

  it('with no signal, lists the tools out kept on the phone and the hand-overs waiting to sync, without check-in', async () => {
    const userId = '7f1c2b3a-0000-4000-8000-0000000000c1';
    signInAs('user', `h.${btoa(JSON.stringify({ sub: userId, stores: ['s1'] })).replace(/=+$/, '')}.sig`);
    await keepOnPhone('custody', userId, [record({})]);
    await enqueueOp({
      opId: '7f1c2b3a-0000-4000-8000-0000000000c2',
      kind: 'tool-issue',
      itemKind: 'tool',
      itemId: 't2',
      quantity: 1,
      reason: '',
      capturedAt: new Date().toISOString(),
      storeId: 's1',
      workerId: 'w2',
      userId,
      itemName: 'Grinder',
      workerName: 'Ife',
      unit: '',
    });
    stubApi({ 'GET /api/custody': { connectionLost: true } });
    setOnline(false);
    renderAt('/dashboard/toolsout');
    expect(await screen.findByRole('note')).toHaveTextContent(/^Offline: tools out as of \d{2}:\d{2}$/);
    expect(await screen.findByRole('listitem', { name: '2 × Hammer drill with Ravi' })).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Hand-overs waiting to sync' });
    expect(within(waiting).getByRole('listitem', { name: '1 × Grinder with Ife' })).toHaveTextContent('Waiting to sync');
    expect(screen.queryByText('No tools are out.')).toBeNull();
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
    await discardAll(userId);
  });
});
