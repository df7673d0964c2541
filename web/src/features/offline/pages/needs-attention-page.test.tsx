import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const LINE = 'b0000000-0000-4000-8000-000000000001';
const parkedReceipt = {
  _id: 'a0000000-0000-4000-8000-000000000009',
  opId: 'a0000000-0000-4000-8000-000000000010',
  kind: 'po-receipt',
  itemKind: null,
  itemId: null,
  itemName: null,
  unit: '',
  store: { _id: 's1', name: 'Riverside' },
  quantity: 30,
  reason: '',
  capturedAt: '2026-11-27T07:30:00.000Z',
  receipt: {
    purchaseOrder: { _id: 'p1', number: 'PO-000123' },
    receivedAt: '2026-11-27',
    deliveryNote: 'DN-77',
    lines: [{ lineId: LINE, name: 'Cement', unit: 'bag', received: 28, damaged: 2 }],
  },
  code: 'receipt_refused',
  message: 'Cement: at most 20 more may be received against this order.',
  available: null,
  worker: null,
  dueAt: null,
  job: null,
  costCode: null,
  recordedBy: 'Bea Keeper',
  parkedAt: '2026-11-27T09:00:00.000Z',
  state: 'open',
  movementId: null,
  resolvedAt: null,
  resolvedBy: null,
  discardReason: null,
};

describe('Needs attention', () => {
  it('shows a parked receipt with its order, its reason and its lines, lets a discard be called off, and applies it with the lines corrected', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/sync/parked': { body: { parked: [parkedReceipt], total: 1 } },
      [`POST /api/sync/parked/${parkedReceipt._id}/apply`]: {
        body: { message: 'Movement applied.', parked: { ...parkedReceipt, state: 'applied' } },
      },
    });
    renderAt('/dashboard/needs-attention');
    const card = await screen.findByRole('listitem', { name: 'Receipt of PO-000123' });
    expect(card).toHaveTextContent('Receipt against PO-000123');
    expect(card).toHaveTextContent('Bea Keeper');
    expect(card).toHaveTextContent('Cement: at most 20 more may be received against this order.');
    const line = within(card).getByRole('group', { name: 'Cement' });
    expect(within(line).getByRole('textbox', { name: 'Cement: received' })).toHaveValue('28');
    expect(within(line).getByRole('textbox', { name: 'Damaged' })).toHaveValue('2');
    const user = userEvent.setup();
    // Discarding can be called off.
    await user.click(within(card).getByRole('button', { name: 'Discard…' }));
    expect(within(card).getByRole('textbox', { name: 'Why discard it?' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('textbox', { name: 'Why discard it?' })).toBeNull();
    const received = within(within(card).getByRole('group', { name: 'Cement' })).getByRole('textbox', { name: 'Cement: received' });
    await user.clear(received);
    await user.type(received, '18');
    await user.click(within(card).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST'))).toBe(true));
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({ lines: [{ lineId: LINE, received: 18, damaged: 2 }] });
    expect(await screen.findByRole('status')).toHaveTextContent('Movement applied.');
  });
});
