import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const product = {
  _id: 'b1c2a9e0-0000-4000-8000-000000000001',
  name: 'Cement',
  categoryname: 'Binders',
  materialname: 'N/A',
  size: '50 kg',
  unit: 'bag',
  totalQuantity: 25,
  restockedQuantity: 0,
  transferQuantity: 0,
  availableQuantity: 20,
  consumedQuantity: 5,
  damagedQuantity: 0,
  refundQuantity: 0,
  adjustedQuantity: 0,
  remarks: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  storeId: { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' },
};

const ACME = '5e0c0c0c-0000-4000-8000-0000000000a1';

describe('low stock', () => {
  it('lists low materials with what to order, in packs, and sends the warehouse a request', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/low-stock': {
        body: {
          rows: [
            {
              materialId: product._id,
              name: 'Cement',
              unit: 'bag',
              store: { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' },
              available: 20,
              inTransit: 0,
              requested: 0,
              minQty: 20,
              targetQty: 60,
              packSize: 10,
              suggested: 40,
              openRequest: null,
              preferredSupplier: { _id: 'p1', name: 'Acme Cement' },
            },
          ],
          total: 1,
        },
      },
      'POST /api/stock-requests': { status: 201, body: { message: 'Request sent to the warehouse.' } },
    });
    renderAt('/dashboard/lowstock');
    const row = await screen.findByRole('listitem', { name: 'Cement' });
    expect(row).toHaveTextContent('20 bag left · minimum 20');
    expect(row).toHaveTextContent('Order 40');
    expect(row).toHaveTextContent('from Acme Cement');
    expect(row).toHaveTextContent('4 packs of 10');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request from the warehouse' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Cement (bag)' });
    expect(quantity).toHaveValue('40');
    await user.clear(quantity);
    await user.type(quantity, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Request sent to the warehouse.');
    const sent = calls.find((call) => call.key === 'POST /api/stock-requests');
    expect(sent?.body).toEqual({ storeId: '5e0c0c0c-0000-4000-8000-000000000001', lines: [{ materialId: product._id, quantity: 50 }] });
  });

  it('orders from the suppliers when the company lets keepers, naming what it could not order', async () => {
    signInAs('user');
    const store = { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' };
    const row = {
      materialId: product._id,
      name: 'Cement',
      unit: 'bag',
      store,
      available: 20,
      inTransit: 0,
      requested: 0,
      minQty: 20,
      targetQty: 60,
      packSize: 10,
      onOrder: 0,
      suggested: 40,
      openRequest: null,
      preferredSupplier: { _id: 'p1', name: 'Acme Cement' },
    };
    const calls = stubApi({
      'GET /api/settings': { body: { settings: { currency: 'USD', keepersMayOrder: true } } },
      'GET /api/low-stock': {
        body: {
          rows: [
            row,
            { ...row, materialId: 'm2', name: 'Sand', preferredSupplier: null },
            { ...row, materialId: 'm3', name: 'Gravel', onOrder: 40, suggested: 0 },
          ],
          total: 3,
        },
      },
      'POST /api/purchase-orders/from-low-stock': {
        status: 201,
        body: {
          message: 'One draft order made: check it and send it to the supplier.',
          purchaseOrders: [],
          notOrdered: [{ materialId: 'm2', name: 'Sand', reason: 'no_supplier' }],
        },
      },
    });
    renderAt('/dashboard/lowstock');
    // What is already on order covers the target: nothing more to order, in no packs.
    const covered = await screen.findByRole('listitem', { name: 'Gravel' });
    expect(covered).toHaveTextContent('Enough on order');
    expect(covered).not.toHaveTextContent('packs');
    expect(screen.getByRole('button', { name: 'Request all 2' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Order from supplier' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'One draft order made: check it and send it to the supplier. Not ordered: Sand (no supplier).',
    );
    const sent = calls.find((call) => call.key === 'POST /api/purchase-orders/from-low-stock');
    expect(sent?.body).toEqual({ storeId: store._id });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets a reorder point from the material list, refusing a target not above the minimum', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/products': { body: [product] },
      [`GET /api/materials/${product._id}/reorder`]: { body: { message: 'OK', reorder: null } },
      [`PUT /api/materials/${product._id}/reorder`]: (body) => ({ body: { message: 'Reorder point saved', reorder: body } }),
      'GET /api/suppliers': {
        body: { suppliers: [{ _id: ACME, name: 'Acme Cement', email: null, phone: null, leadTimeDays: 7, createdAt: '' }], total: 1 },
      },
    });
    renderAt('/dashboard/allproducts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reorder point of Cement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reorder point of Cement' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Minimum' }), '20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Target' })).toHaveAccessibleDescription(
      'The target must be more than the minimum.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '0');
    const pack = within(dialog).getByRole('textbox', { name: 'Pack size' });
    await user.clear(pack);
    await user.type(pack, '10');
    await user.click(within(dialog).getByRole('combobox', { name: 'Ordered from' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Cement' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reorder point of Cement' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
      minQty: 20,
      targetQty: 200,
      packSize: 10,
      preferredSupplierId: ACME,
    });
  });

  it('shows the unread count on the bell and marks notifications read', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/notifications': {
        body: {
          unread: 1,
          notifications: [
            {
              _id: 'n1',
              kind: 'low_stock',
              text: 'Cement is low in Riverside: 20 bag left, minimum 20.',
              store: { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' },
              materialId: product._id,
              createdAt: '2026-11-23T09:00:00.000Z',
              read: false,
            },
          ],
        },
      },
      'POST /api/notifications/n1/read': { body: { message: 'Marked as read' } },
    });
    renderAt('/dashboard/notifications');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Cement is low in Riverside: 20 bag left, minimum 20.');
    await user.click(within(item).getByRole('button', { name: /^Mark read/ }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/notifications/n1/read')).toBe(true));
  });
});
