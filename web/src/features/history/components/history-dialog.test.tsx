import type { Movement } from '@stockyard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

// The camera and the browser's resizing of a photo are driven end-to-end (photos.spec.ts); here a
// photo is a blob handed to the form, uploaded as one file id per photo.
vi.mock('../../files', async (original) => ({
  ...(await original<typeof import('../../files')>()),
  PhotoField: ({ onChange }: { onChange: (photos: Blob[]) => void }) => (
    <button type="button" onClick={() => onChange([new Blob(['jpeg'], { type: 'image/jpeg' })])}>
      Take a test photo
    </button>
  ),
  uploadedPhotos: async (photos: Blob[]) => ({ attachments: photos.map((_, index) => `f${index + 1}`) }),
}));

afterEach(() => vi.unstubAllGlobals());

const ME = 'u1';
/** A token whose claims name the signed-in keeper, as the server's do; its signature is never read here. */
const myToken = `h.${btoa(JSON.stringify({ sub: ME, stores: ['s1'] })).replace(/=+$/, '')}.sig`;

const product = {
  _id: 'a1c2a9e0-0000-4000-8000-000000000001',
  name: 'Cement',
  categoryname: 'Binders',
  materialname: 'N/A',
  size: '50 kg',
  unit: 'bag',
  totalQuantity: 100,
  restockedQuantity: 0,
  transferQuantity: 0,
  availableQuantity: 95,
  consumedQuantity: 5,
  damagedQuantity: 0,
  refundQuantity: 0,
  adjustedQuantity: 0,
  remarks: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  storeId: { _id: 's1', name: 'Riverside' },
};

function movement(overrides: Partial<Movement>): Movement {
  return {
    _id: crypto.randomUUID(),
    storeId: { _id: 's1', name: 'Riverside' },
    itemKind: 'material',
    itemId: product._id,
    itemName: 'Cement',
    kind: 'issue',
    quantity: 5,
    occurredAt: new Date(2026, 10, 22, 9, 0).toISOString(),
    recordedAt: new Date(2026, 10, 22, 9, 0).toISOString(),
    actor: { _id: 'u1', name: 'Pat Keeper' },
    reason: null,
    supplier: null,
    deliveryId: null,
    reverses: null,
    reversedBy: null,
    canReverse: false,
    worker: null,
    job: null,
    costCode: null,
    attachments: [],
    location: null,
    outsideGeofence: false,
    entered: null,
    batch: null,
    ...overrides,
  };
}

describe('HistoryDialog', () => {
  it('strikes a reversed movement through, says who reversed it and why, and reverses another with a reason', async () => {
    signInAs('user');
    const wrong = movement({ quantity: 50, occurredAt: new Date(2026, 10, 21, 9, 0).toISOString() });
    const reversal = movement({
      quantity: -50,
      reverses: wrong._id,
      reason: 'Typed 50 instead of 5',
      occurredAt: new Date(2026, 10, 21, 10, 0).toISOString(),
    });
    wrong.reversedBy = {
      _id: reversal._id,
      at: new Date(2026, 10, 21, 10, 0).toISOString(),
      actor: { _id: 'u1', name: 'Pat Keeper' },
      reason: 'Typed 50 instead of 5',
    };
    const latest = movement({ canReverse: true });
    // Captured on a phone with no signal at 09:00, it reached the server at 11:30.
    const synced = movement({
      quantity: 2,
      occurredAt: new Date(2026, 10, 22, 9, 0).toISOString(),
      recordedAt: new Date(2026, 10, 22, 11, 30).toISOString(),
    });
    const calls = stubApi({
      'GET /api/products': { body: [product] },
      'GET /api/movements': { body: { movements: [latest, synced, reversal, wrong], total: 4 } },
      [`POST /api/movements/${latest._id}/reverse`]: {
        body: { message: 'Movement reversed.', movement: { ...latest, reverses: latest._id } },
      },
    });
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Cement' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', { name: 'Movement history' });
    expect(await within(table).findByText('Reversal of issued')).toBeInTheDocument();
    expect(within(table).getByText('-50', { selector: 's' })).toBeInTheDocument();
    expect(within(table).getByText(/Reversed 21\/11\/2026 10:00 by Pat Keeper: Typed 50 instead of 5/)).toBeInTheDocument();
    expect(within(table).getByText('22/11/2026 09:00 (recorded 22/11/2026 11:30)')).toBeInTheDocument();
    expect(within(table).getAllByText('22/11/2026 09:00')).toHaveLength(1);
    const reverseButtons = within(table).getAllByRole('button', { name: /^Reverse/ });
    expect(reverseButtons).toHaveLength(1);

    await user.click(reverseButtons[0] as HTMLElement);
    const form = await screen.findByRole('dialog', { name: 'Reverse movement' });
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Reason is required');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Wrong material');
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Movement reversed.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(1));
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({ reason: 'Wrong material' });
  });
});

describe('HistoryDialog lines entered in another unit', () => {
  it('says what was entered and what it is in the stock unit', async () => {
    signInAs('user');
    const inKg = movement({ quantity: 2, entered: { quantity: 50, unit: 'kg' } });
    stubApi({
      'GET /api/products': { body: [product] },
      'GET /api/movements': { body: { movements: [inKg], total: 1 } },
    });
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Cement' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(`50 kg = 2 ${product.unit}`)).toBeInTheDocument();
  });
});

describe('HistoryDialog attachments', () => {
  it("shows a line's photos as thumbnails fetched with the session, and its documents as links", async () => {
    signInAs('user');
    const photo = { _id: 'f1000000-0000-4000-8000-000000000001', type: 'image/jpeg' as const };
    const note = { _id: 'f1000000-0000-4000-8000-000000000002', type: 'application/pdf' as const };
    const issued = movement({ attachments: [photo, note] });
    const calls = stubApi({
      'GET /api/products': { body: [product] },
      'GET /api/movements': { body: { movements: [issued], total: 1 } },
      [`GET /api/files/${photo._id}`]: { body: 'jpeg bytes' },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() }));
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Cement' }));
    const table = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Movement history' });
    const attached = await within(table).findByRole('group', { name: '2 attachments' });
    expect(await within(attached).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:thumb');
    expect(within(attached).getByRole('button', { name: 'Document 2 (PDF)' })).toBeInTheDocument();
    const thumbCall = calls.find((call) => call.key === `GET /api/files/${photo._id}`);
    expect(thumbCall?.headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('HistoryDialog photos added later', () => {
  it('lets whoever recorded a line add photos within the day, and no one else, nor later', async () => {
    signInAs('user', myToken);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const mine = movement({ quantity: 3, recordedAt: hoursAgo(2), occurredAt: hoursAgo(2) });
    const old = movement({ quantity: 4, recordedAt: hoursAgo(30), occurredAt: hoursAgo(30) });
    const theirs = movement({ quantity: 6, recordedAt: hoursAgo(1), occurredAt: hoursAgo(1), actor: { _id: 'u2', name: 'Sam' } });
    const calls = stubApi({
      'GET /api/products': { body: [product] },
      'GET /api/movements': { body: { movements: [theirs, mine, old], total: 3 } },
      [`POST /api/movements/${mine._id}/attachments`]: {
        body: { message: 'Attachments added.', attachments: [{ _id: 'f1', type: 'image/jpeg' }] },
      },
    });
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Cement' }));
    const table = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Movement history' });
    await within(table).findByText('-3');
    const buttons = within(table).getAllByRole('button', { name: /^Add photo to/ });
    expect(buttons).toHaveLength(1);

    await user.click(buttons[0] as HTMLElement);
    const form = await screen.findByRole('dialog', { name: 'Add photos to this line' });
    await user.click(within(form).getByRole('button', { name: 'Attach to the line' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Take or choose a photo first.');
    await user.click(within(form).getByRole('button', { name: 'Take a test photo' }));
    await user.click(within(form).getByRole('button', { name: 'Attach to the line' }));
    expect(await screen.findByText('Attachments added.')).toBeInTheDocument();
    const sent = calls.filter((call) => call.key.startsWith('POST'));
    expect(sent.map((call) => [call.key, call.body])).toEqual([[`POST /api/movements/${mine._id}/attachments`, { attachments: ['f1'] }]]);
    expect(sent[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('HistoryDialog a photo already on the line', () => {
  it('says so rather than that it was added', async () => {
    signInAs('user', myToken);
    const photo = { _id: 'f1', type: 'image/jpeg' as const };
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    const mine = movement({ quantity: 3, recordedAt: recent, occurredAt: recent, attachments: [photo] });
    stubApi({
      'GET /api/products': { body: [product] },
      'GET /api/movements': { body: { movements: [mine], total: 1 } },
      [`GET /api/files/${photo._id}`]: { body: 'jpeg bytes' },
      [`POST /api/movements/${mine._id}/attachments`]: { body: { message: 'Attachments added.', attachments: [photo] } },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() }));
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Cement' }));
    const table = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Movement history' });
    await user.click(await within(table).findByRole('button', { name: /^Add photo to/ }));
    const form = await screen.findByRole('dialog', { name: 'Add photos to this line' });
    await user.click(within(form).getByRole('button', { name: 'Take a test photo' }));
    await user.click(within(form).getByRole('button', { name: 'Attach to the line' }));
    expect(await screen.findByText('Those photos are already on the line.')).toBeInTheDocument();
  });
});
