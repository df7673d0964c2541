import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneToday } from '../../../lib/format';
import { phoneAt, recordLocation } from '../../../test/geolocation';
import { renderAt, setOnline, signInAs, stubApi } from '../../../test/render';
import { discardAll, waitingOps } from '../../offline';

const USER_ID = '7f1c2b3a-0000-4000-8000-0000000000b2';
/** A token whose claims name the user, as the server's do; its signature is never read here. */
const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s1'] })).replace(/=+$/, '')}.sig`;

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
  recordLocation(false);
  await discardAll(USER_ID);
});

const order = {
  _id: '5d0c1a00-0000-4000-8000-000000000001',
  number: 'PO-000123',
  status: 'partially_received',
  supplier: { _id: 'p1', name: 'Lafarge' },
  store: { _id: 's1', name: 'Riverside' },
  needBy: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  orderedAt: '2026-11-23T08:30:00.000Z',
  statusReason: null,
  total: '40000.00',
  supplierMail: 'sent',
  lines: [
    {
      _id: 'b0000000-0000-4000-8000-000000000001',
      materialId: 'm1',
      name: 'Cement',
      unit: 'bag',
      quantity: 100,
      unitCost: '400',
      received: 60,
      damaged: 0,
      returned: 0,
      outstanding: 40,
      orderedIn: null,
    },
  ],
};
/** The order with its line ordered in pallets of 40 bags. */
const inPallets = {
  ...order,
  lines: order.lines.map((line) => ({ ...line, orderedIn: { unit: 'pallet', factor: '40', quantity: 2.5, unitCost: '16000' } })),
};

describe('purchase orders', () => {
  it('are listed with their supplier, store, value and what is still to come', async () => {
    signInAs('user');
    stubApi({ 'GET /api/purchase-orders': { body: { purchaseOrders: [order], total: 1 } } });
    renderAt('/dashboard/purchase-orders');
    const row = await screen.findByRole('listitem', { name: 'PO-000123' });
    expect(row).toHaveTextContent('Partly received');
    expect(row).toHaveTextContent('Lafarge → Riverside');
    expect(row).toHaveTextContent('100 bag Cement');
    expect(row).toHaveTextContent('$40,000.00');
    expect(row).toHaveTextContent('40 to come');
  });

  it('are received at the gate: all arrived, less what is damaged, sent once with one key', async () => {
    signInAs('user');
    const calls = stubApi({
      [`GET /api/purchase-orders/${order._id}`]: { body: inPallets },
      [`POST /api/purchase-orders/${order._id}/receipts`]: {
        status: 201,
        body: { message: 'Goods received against the order.', purchaseOrder: order },
      },
    });
    renderAt(`/dashboard/purchase-orders/${order._id}`);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Receive Cement' });
    expect(group).toHaveTextContent('40 bag to come');
    // The line as the supplier sells it, beside the stock figures.
    expect(screen.getByText('2.5 pallet = 100 bag · 16000 / pallet')).toBeInTheDocument();
    expect(screen.getByText('Emailed to the supplier.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order PDF' })).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'All arrived' }));
    expect(within(group).getByRole('textbox', { name: 'Received' })).toHaveValue('40');
    await user.type(within(group).getByRole('textbox', { name: 'Damaged' }), '2');
    expect(within(group).getByRole('textbox', { name: 'Received' })).toHaveValue('38');
    expect(within(group).getByRole('checkbox', { name: 'All arrived' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Delivery note' }), 'DN-4471');
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('POST'))).toBe(true));
    const sent = calls.find((call) => call.key.startsWith('POST'));
    expect(sent?.body).toEqual({
      receivedAt: phoneToday(),
      deliveryNote: 'DN-4471',
      lines: [{ lineId: order.lines[0]?._id, received: 38, damaged: 2 }],
    });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('status')).toHaveTextContent('Goods received against the order.');
    // A keeper may not send, cancel or close orders unless the company lets them.
    expect(screen.queryByRole('button', { name: 'Close short' })).toBeNull();
  });

  it('show what arrived, receipt by receipt: who received it, the photos taken of it and each line’s delivery note', async () => {
    signInAs('user');
    const receipt = {
      _id: 'r1',
      receivedAt: '2026-11-24',
      deliveryNote: 'DN-4471',
      receivedBy: 'Pat Keeper',
      recordedAt: '2026-11-24T09:00:00.000Z',
      lines: [{ lineId: order.lines[0]?._id, name: 'Cement', unit: 'bag', received: 58, damaged: 2, deliveryId: 'd1' }],
      attachments: [{ _id: 'f1', type: 'image/jpeg' }],
    };
    const calls = stubApi({
      [`GET /api/purchase-orders/${order._id}`]: { body: order },
      [`GET /api/purchase-orders/${order._id}/receipts`]: { body: { receipts: [receipt] } },
      'GET /api/files/f1': { body: new Blob(['jpeg'], { type: 'image/jpeg' }) },
      'GET /api/supply/d1/pdf': { body: new Blob(['%PDF'], { type: 'application/pdf' }) },
    });
    renderAt(`/dashboard/purchase-orders/${order._id}`);
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'Receipt of Nov 24, 2026' });
    expect(row).toHaveTextContent('58 bag Cement, 2 damaged');
    expect(row).toHaveTextContent('Nov 24, 2026 · Pat Keeper · DN-4471');
    expect(within(row).getByRole('group', { name: /1 attachment/ })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delivery note of Cement (PDF)' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'GET /api/supply/d1/pdf')).toBe(true));
  });

  it('are drafted by an admin: a supplier, a store, materials at the price list unless a cost is typed', async () => {
    signInAs('admin');
    const STORE = '5e0c0c0c-0000-4000-8000-000000000001';
    const SUPPLIER = '5e0c0c0c-0000-4000-8000-0000000000a1';
    const cement = {
      _id: 'c1c2a9e0-0000-4000-8000-000000000001',
      name: 'Cement',
      unit: 'bag',
      units: [{ name: 'pallet', factor: '40' }],
      availableQuantity: 4,
      storeId: { _id: STORE, name: 'Riverside' },
    };
    const calls = stubApi({
      'GET /api/purchase-orders': { body: { purchaseOrders: [], total: 0 } },
      'GET /api/stores': { body: [{ _id: STORE, name: 'Riverside', location: 'North', status: 'Active' }] },
      'GET /api/suppliers': {
        body: { suppliers: [{ _id: SUPPLIER, name: 'Lafarge', email: null, phone: null, leadTimeDays: null, createdAt: '' }], total: 1 },
      },
      [`GET /api/suppliers/${SUPPLIER}/prices`]: {
        body: {
          supplier: { _id: SUPPLIER, name: 'Lafarge' },
          lines: [
            {
              materialId: cement._id,
              name: 'Cement',
              unit: 'bag',
              store: { _id: STORE, name: 'Riverside' },
              unitCost: '412.5',
              packSize: 10,
              packUnit: { name: 'pallet', factor: '40' },
            },
          ],
        },
      },
      'GET /api/products': { body: [cement] },
      'POST /api/purchase-orders': { status: 201, body: { message: 'Purchase order saved.', purchaseOrder: order } },
      [`GET /api/purchase-orders/${order._id}`]: { body: order },
    });
    const { router } = renderAt('/dashboard/purchase-orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New order' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Lafarge' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Store/ }));
    await user.click(await screen.findByRole('option', { name: 'Riverside' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Material' }));
    await user.click(await screen.findByRole('option', { name: 'Cement' }));
    // The supplier sells it by the pallet: the line starts in pallets, at the listed price.
    expect(await within(dialog).findByText('Price list: 412.5 / pallet')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveValue('pallet = 40 bag');
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('3 pallet × Cement @ 412.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/purchase-orders/${order._id}`));
    expect(calls.find((call) => call.key === 'POST /api/purchase-orders')?.body).toEqual({
      supplierId: SUPPLIER,
      storeId: STORE,
      needBy: null,
      lines: [{ materialId: cement._id, quantity: 3, unit: 'pallet', unitCost: '412.5' }],
    });
  });

  it('are received with no signal: the receipt waits on the phone with where it was, counted in, and goes with the next sync as a po-receipt', async () => {
    signInAs('user', token);
    recordLocation(true);
    phoneAt({ latitude: 6.5, longitude: 3.4, accuracy: 12 });
    const location = { lat: 6.5, lon: 3.4, accuracyM: 12 };
    const calls = stubApi({
      [`GET /api/purchase-orders/${order._id}`]: { body: order },
      'GET /api/sync/parked': { body: { parked: [], total: 0 } },
      'POST /api/sync/movements': (body) => ({
        body: { results: (body as { ops: { opId: string }[] }).ops.map((op) => ({ opId: op.opId, status: 'applied', receiptId: 'r1' })) },
      }),
    });
    renderAt(`/dashboard/purchase-orders/${order._id}`);
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Receive Cement' });
    setOnline(false);
    await user.click(within(group).getByRole('checkbox', { name: 'All arrived' }));
    await user.click(screen.getByRole('button', { name: 'Record receipt' }));

    expect(await screen.findByText('Recorded on this phone. It will be sent as soon as there is signal.')).toBeInTheDocument();
    expect(await screen.findByText('1 receipt of this order waits on this phone to be sent.')).toBeInTheDocument();
    // Nothing is left to come once the waiting receipt is counted in.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Receive Cement' })).toBeNull());
    expect(calls.filter((call) => call.key.startsWith('POST /api/purchase-orders'))).toHaveLength(0);
    const [queued] = await waitingOps(USER_ID);
    expect(queued).toMatchObject({
      kind: 'po-receipt',
      purchaseOrderId: order._id,
      storeId: 's1',
      receivedAt: phoneToday(),
      lines: [{ lineId: order.lines[0]?._id, received: 40, damaged: 0 }],
      location,
    });

    setOnline(true);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/sync/movements')).toBe(true));
    const sent = calls.find((call) => call.key === 'POST /api/sync/movements')?.body as { ops: object[] } | undefined;
    expect(sent?.ops).toEqual([
      {
        opId: queued?.opId,
        kind: 'po-receipt',
        purchaseOrderId: order._id,
        storeId: 's1',
        capturedAt: queued?.capturedAt,
        receivedAt: phoneToday(),
        deliveryNote: '',
        lines: [{ lineId: order.lines[0]?._id, received: 40, damaged: 0 }],
        location,
      },
    ]);
    await waitFor(async () => expect(await waitingOps(USER_ID)).toEqual([]));
  });

  it('send goods back to the supplier: how many of a line, in which batch, and why', async () => {
    signInAs('user');
    const ids = {
      supplier: '5d0c1a00-0000-4000-8000-0000000000a1',
      store: '5d0c1a00-0000-4000-8000-0000000000b1',
      material: '5d0c1a00-0000-4000-8000-0000000000c1',
    };
    const received = {
      ...order,
      supplier: { ...order.supplier, _id: ids.supplier },
      store: { ...order.store, _id: ids.store },
      lines: order.lines.map((line) => ({ ...line, materialId: ids.material })),
    };
    const calls = stubApi({
      [`GET /api/purchase-orders/${order._id}`]: { body: received },
      'POST /api/supplier-returns': { status: 201, body: { message: 'Return to the supplier recorded.', supplierReturn: {} } },
    });
    renderAt(`/dashboard/purchase-orders/${order._id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return to supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return to Lafarge from PO-000123' });
    const line = within(dialog).getByRole('group', { name: 'Return Cement' });
    expect(line).toHaveTextContent('60 bag may go back');
    await user.type(within(line).getByRole('textbox', { name: 'Quantity back' }), '10');
    await user.type(within(line).getByRole('textbox', { name: 'Batch' }), 'LOT-7');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong grade');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Return to the supplier recorded.');
    const sent = calls.find((call) => call.key === 'POST /api/supplier-returns');
    expect(sent?.body).toEqual({
      supplierId: ids.supplier,
      storeId: ids.store,
      purchaseOrderId: order._id,
      reason: 'Wrong grade',
      returnedOn: phoneToday(),
      lines: [{ materialId: ids.material, quantity: 10, batch: 'LOT-7' }],
    });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('draw a long order 20 lines at a time, in the list as its first lines and how many more', async () => {
    signInAs('user');
    const [first] = order.lines;
    const lines = Array.from({ length: 120 }, (_, index) => ({
      ...first,
      _id: `b0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Part ${index + 1}`,
    }));
    const long = { ...order, lines };
    stubApi({
      'GET /api/purchase-orders': { body: { purchaseOrders: [long], total: 1 } },
      [`GET /api/purchase-orders/${order._id}`]: { body: long },
    });
    renderAt('/dashboard/purchase-orders');
    const row = await screen.findByRole('listitem', { name: 'PO-000123' });
    expect(row).toHaveTextContent('100 bag Part 1, 100 bag Part 2, 100 bag Part 3 and 117 more');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('link', { name: 'PO-000123' }));
    const figures = await screen.findByRole('list', { name: 'Lines' });
    expect(within(figures).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getAllByRole('group', { name: /^Receive Part/ })).toHaveLength(20);
    await user.click(within(figures).getByRole('button', { name: 'Show 20 more (100 not shown)' }));
    expect(within(figures).getAllByRole('listitem')).toHaveLength(40);
    expect(within(figures).getByRole('listitem', { name: 'Part 40' })).toBeInTheDocument();
  });
});
