import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const transfer = {
  _id: '3f9a1c00-0000-4000-8000-000000000001',
  reference: 'T-3F9A1C',
  fromStore: { _id: 's1', name: 'Central yard' },
  toStore: { _id: 's2', name: 'Riverside' },
  status: 'dispatched',
  requestId: null,
  createdBy: { _id: 'u1', name: 'Asha' },
  createdAt: '2026-11-23T08:00:00.000Z',
  dispatchedBy: { _id: 'u1', name: 'Asha' },
  dispatchedAt: '2026-11-23T08:30:00.000Z',
  closedBy: null,
  closedAt: null,
  closeReason: null,
  lines: [
    {
      _id: 'a0000000-0000-4000-8000-000000000001',
      itemKind: 'material',
      itemId: 'm1',
      toItemId: 'm2',
      name: 'Cement',
      unit: 'bag',
      quantity: 40,
      received: 0,
      damaged: 0,
      lost: 0,
      inTransit: 40,
    },
  ],
  can: { dispatch: false, cancel: false, receive: true, close: false },
  totals: { quantity: 40, received: 0, damaged: 0, lost: 0, inTransit: 40 },
};

describe('a transfer received at the gate', () => {
  it('starts empty, so one tap records nothing; refuses more than is in transit; records good and damaged with one key', async () => {
    signInAs('user');
    const calls = stubApi({
      [`GET /api/transfers/${transfer._id}`]: { body: { message: 'OK', transfer, history: [] } },
      [`POST /api/transfers/${transfer._id}/receive`]: { body: { message: 'Receipt recorded.', transfer } },
    });
    renderAt(`/dashboard/transfers/${transfer._id}`);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Receive Cement' });
    const received = within(group).getByRole('textbox', { name: 'Received' });
    const damaged = within(group).getByRole('textbox', { name: 'Damaged' });
    expect(received).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter what arrived.');
    await user.type(received, '39');
    // What the keeper types answers the complaint: it goes.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(damaged, '2');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Cement: only 40 are still in transit.'));
    await user.clear(received);
    await user.type(received, '38');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST'))).toBe(true));
    const sent = calls.find((call) => call.key.startsWith('POST'));
    expect(sent?.body).toEqual({ lines: [{ lineId: transfer.lines[0]?._id, received: 38, damaged: 2 }] });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await screen.findByRole('status')).toHaveTextContent('Receipt recorded.');
  });
});

describe('a transfer’s proof', () => {
  it('shows the photos on each line of its history, and offers its note as a PDF', async () => {
    signInAs('user');
    const photo = { _id: 'f0000000-0000-4000-8000-000000000001', type: 'image/jpeg' };
    const history = [
      {
        _id: 'mv1',
        kind: 'transfer_out',
        quantity: 40,
        itemName: 'Cement',
        storeName: 'Central yard',
        at: '2026-11-23T08:30:00.000Z',
        actor: 'Asha',
        reason: null,
        attachments: [photo],
      },
    ];
    const calls = stubApi({
      [`GET /api/transfers/${transfer._id}`]: { body: { message: 'OK', transfer, history } },
      [`GET /api/files/${photo._id}`]: { body: 'jpeg bytes' },
      [`GET /api/transfers/${transfer._id}/pdf`]: { body: 'pdf bytes' },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() }));
    renderAt(`/dashboard/transfers/${transfer._id}`);
    const lines = await screen.findByRole('list', { name: 'History' });
    expect(await within(lines).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:thumb');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Transfer note (PDF)' }));
    await waitFor(() => expect(calls.some((call) => call.key === `GET /api/transfers/${transfer._id}/pdf`)).toBe(true));
  });
});
