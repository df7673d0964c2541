import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const cement = {
  _id: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e6f',
  name: 'Cement',
  categoryname: '',
  materialname: 'N/A',
  size: '',
  unit: 'bag',
  totalQuantity: 10,
  restockedQuantity: 0,
  transferQuantity: 0,
  availableQuantity: 10,
  consumedQuantity: 0,
  damagedQuantity: 0,
  refundQuantity: 0,
  adjustedQuantity: 0,
  remarks: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  storeId: { _id: '5e0c1b8e-7c1d-4f5a-8a0a-6a1d2b3c4d5e', name: 'Store' },
};

/** Answers the first `lost` sends of a POST as a dropped connection, the rest with `answer`. */
function dropFirst(lost: number, answer: { status: number; body: unknown }) {
  let sends = 0;
  return () => {
    sends += 1;
    return sends <= lost ? { connectionLost: true } : answer;
  };
}

async function fillDelivery(scope: HTMLElement, dateLabel: string) {
  const user = userEvent.setup();
  await user.click(within(scope).getByRole('combobox', { name: /Material|Product/ }));
  await user.click(await screen.findByRole('option', { name: 'Cement' }));
  await user.type(within(scope).getByRole('textbox', { name: /Quantity/ }), '5');
  await user.type(within(scope).getByRole('textbox', { name: /Supplier/ }), 'Acme');
  fireEvent.change(within(scope).getByLabelText(new RegExp(dateLabel)), { target: { value: '2026-11-20' } });
  return user;
}

// A delivery pressed again after "Cannot reach the server" must be recorded once: the second press
// sends the key of the first, which the server answers from what it stored.
describe('a delivery sent again after the connection dropped', () => {
  it('carries the same Idempotency-Key on the keeper supply form', { timeout: 20_000 }, async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/supply/all': { body: [] },
      'GET /api/user/get-product': { body: [cement] },
      'POST /api/supply/add': dropFirst(4, { status: 201, body: { message: 'Supply added successfully', supply: {} } }),
    });
    renderAt('/dashboard/supplymanagement');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Supply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Supply' });
    const user = await fillDelivery(dialog, 'Date Received');
    await user.click(within(dialog).getByRole('button', { name: 'Add Supply' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Cannot reach the server');
    await user.click(within(dialog).getByRole('button', { name: 'Add Supply' }));
    expect(await screen.findByText('Supply added successfully')).toBeInTheDocument();
    const keys = calls.filter((call) => call.key === 'POST /api/supply/add').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
  });

  it('carries the same Idempotency-Key on the admin inventory form, and a new one for the next entry', { timeout: 20_000 }, async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/all-inventory': { body: [] },
      'GET /api/user/get-product': { body: [cement] },
      'POST /api/add-inventory': dropFirst(4, { status: 201, body: { message: 'Inventory entry added successfully!', entry: {} } }),
    });
    renderAt('/dashboard/newinventory');
    const form = (await screen.findByRole('button', { name: 'Add' })).closest('form') as HTMLElement;
    const user = await fillDelivery(form, 'Date');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Cannot reach the server');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Inventory entry added successfully!')).toBeInTheDocument();
    await fillDelivery(form, 'Date');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await screen.findAllByText('Inventory entry added successfully!');
    const keys = calls.filter((call) => call.key === 'POST /api/add-inventory').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(6);
    expect(new Set(keys.slice(0, 5)).size).toBe(1);
    expect(keys[5]).not.toBe(keys[0]);
  });
});

describe('the unit cost of a delivery', () => {
  it("is filled in with the material's average once picked, and sent as typed", { timeout: 20_000 }, async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/supply/all': { body: [] },
      'GET /api/user/get-product': { body: [{ ...cement, averageCost: '412.5' }] },
      'POST /api/supply/add': { status: 201, body: { message: 'Supply added successfully', supply: {} } },
    });
    renderAt('/dashboard/supplymanagement');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Supply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Supply' });
    const user = await fillDelivery(dialog, 'Date Received');
    const cost = within(dialog).getByRole('textbox', { name: 'Unit cost ($)' });
    expect(cost).toHaveValue('412.5');
    await user.clear(cost);
    await user.type(cost, '398.75');
    await user.click(within(dialog).getByRole('button', { name: 'Add Supply' }));
    expect(await screen.findByText('Supply added successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/supply/add')?.body).toMatchObject({
      quantity: 5,
      supplier: 'Acme',
      unitCost: '398.75',
    });
  });
});

describe('the supplies list', () => {
  it('shows the photos taken of each delivery', async () => {
    signInAs('user');
    stubApi({
      'GET /api/supply/all': {
        body: [
          {
            _id: 'd1',
            productId: { _id: cement._id, name: 'Cement' },
            quantity: 40,
            supplier: 'Acme',
            dateReceived: '2026-11-20',
            storeId: cement.storeId,
            attachments: [
              { _id: 'f1', type: 'image/jpeg' },
              { _id: 'f2', type: 'application/pdf' },
            ],
          },
        ],
      },
    });
    renderAt('/dashboard/supplymanagement');
    const row = (await screen.findByText('Acme')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('group', { name: '2 attachments' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Document 2 (PDF)' })).toBeInTheDocument();
  });
});
