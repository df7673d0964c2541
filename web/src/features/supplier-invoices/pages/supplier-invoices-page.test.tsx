import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const SUPPLIER = '5e0c0c0c-0000-4000-8000-0000000000a1';
const LINE = 'b0000000-0000-4000-8000-000000000001';
const order = {
  _id: '5d0c1a00-0000-4000-8000-000000000001',
  number: 'PO-000123',
  status: 'received',
  supplier: { _id: SUPPLIER, name: 'Lafarge' },
  store: { _id: 's1', name: 'Riverside' },
  needBy: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  orderedAt: '2026-11-23T08:30:00.000Z',
  statusReason: null,
  total: '40000.00',
  lines: [
    {
      _id: LINE,
      materialId: 'm1',
      name: 'Cement',
      unit: 'bag',
      quantity: 100,
      unitCost: '400',
      received: 98,
      damaged: 2,
      returned: 0,
      outstanding: 0,
    },
  ],
};
const invoiceLine = {
  _id: 'i1',
  purchaseOrderLineId: LINE,
  purchaseOrder: { _id: order._id, number: 'PO-000123' },
  materialId: 'm1',
  name: 'Cement',
  unit: 'bag',
  quantity: 98,
  unitPrice: '410',
  amount: '40180.00',
  orderedUnitCost: '400',
  invoiceable: 98,
  match: 'price_variance',
};
const invoice = {
  _id: '1a000000-0000-4000-8000-000000000001',
  supplier: { _id: SUPPLIER, name: 'Lafarge' },
  number: 'INV-881',
  date: '2026-11-26',
  total: '40180.00',
  status: 'open',
  matched: false,
  approvedAt: null,
  overrideReason: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  lines: [invoiceLine],
};

describe('supplier invoices', () => {
  it('are entered against what arrived, with the total the lines add up to', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/supplier-invoices': { body: { invoices: [], total: 0 } },
      'GET /api/suppliers': {
        body: { suppliers: [{ _id: SUPPLIER, name: 'Lafarge', email: null, phone: null, leadTimeDays: null, createdAt: '' }], total: 1 },
      },
      'GET /api/purchase-orders': { body: { purchaseOrders: [order], total: 1 } },
      'POST /api/supplier-invoices': { status: 201, body: { message: 'Invoice saved.', invoice } },
    });
    renderAt('/dashboard/supplier-invoices');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Lafarge' }));
    await user.type(screen.getByRole('textbox', { name: 'Invoice number' }), 'INV-881');
    const line = await screen.findByRole('group', { name: 'Cement on PO-000123' });
    await user.click(within(line).getByRole('checkbox'));
    expect(within(line).getByRole('textbox', { name: 'Quantity charged' })).toHaveValue('98');
    expect(screen.getByRole('textbox', { name: 'Total' })).toHaveValue('39200.00');
    await user.click(screen.getByRole('button', { name: 'Save invoice' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'POST /api/supplier-invoices')).toBe(true));
    const sent = calls.find((call) => call.key === 'POST /api/supplier-invoices');
    expect(sent?.body).toMatchObject({
      supplierId: SUPPLIER,
      number: 'INV-881',
      total: '39200.00',
      lines: [{ purchaseOrderLineId: LINE, quantity: 98, unitPrice: '400' }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Invoice saved.');
  });

  it('show each line against its order and ask for a reason to approve one that does not match', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/supplier-invoices': { body: { invoices: [invoice], total: 1 } },
      'GET /api/suppliers': { body: { suppliers: [], total: 0 } },
      [`POST /api/supplier-invoices/${invoice._id}/approve`]: {
        body: { message: 'Invoice approved.', invoice: { ...invoice, status: 'approved', overrideReason: 'Price rise agreed' } },
      },
    });
    renderAt('/dashboard/supplier-invoices');
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'INV-881' });
    expect(row).toHaveTextContent('Does not match');
    const line = within(row).getByRole('listitem', { name: 'Cement' });
    expect(line).toHaveTextContent('98 bag at 410');
    expect(line).toHaveTextContent('ordered at 400, 98 left to charge');
    expect(line).toHaveTextContent('Price differs');
    await user.click(within(row).getByRole('button', { name: 'Approve with a reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve INV-881' });
    await user.type(within(dialog).getByRole('textbox'), 'Price rise agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invoice approved.');
    expect(calls.find((call) => call.key.endsWith('/approve'))?.body).toEqual({ reason: 'Price rise agreed' });
  });

  it('list what arrived and was not invoiced yet at the end of a day, with its value and the total', async () => {
    signInAs('admin');
    const row = {
      purchaseOrder: { _id: 'po1', number: 'PO-000123' },
      supplier: { _id: 'p1', name: 'Lafarge' },
      store: { _id: 's1', name: 'Riverside' },
      purchaseOrderLineId: LINE,
      materialId: 'm1',
      name: 'Cement',
      unit: 'bag',
      received: 98,
      invoiced: 60,
      notInvoiced: 38,
      unitCost: '400',
      value: '15200.00',
    };
    const asked: string[] = [];
    stubApi({
      'GET /api/stores': { body: [] },
      'GET /api/reports/received-not-invoiced': (_body, url) => {
        asked.push(url.search);
        return { body: { asOf: '2026-11-27', rows: [row], total: '15200.00' } };
      },
    });
    renderAt('/dashboard/received-not-invoiced');
    expect(await screen.findByTestId('not-invoiced-total')).toHaveTextContent('Not invoiced at the end of Nov 27, 2026: $15,200.00');
    const table = screen.getByRole('table', { name: 'Received, not invoiced' });
    expect(await within(table).findByRole('link', { name: 'PO-000123' })).toHaveAttribute('href', '/dashboard/purchase-orders/po1');
    expect(table).toHaveTextContent('98 bag');
    expect(table).toHaveTextContent('38');
    expect(table).toHaveTextContent('$400.00');
    expect(table).toHaveTextContent('$15,200.00');
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(asked).toContain('?asOf=2026-10-31'));
  });
});
