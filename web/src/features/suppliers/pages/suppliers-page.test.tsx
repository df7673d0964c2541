import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const store = { _id: 's1', name: 'Riverside' };
const acme = { _id: 'p1', name: 'Acme Cement', email: 'orders@acme.example', phone: null, leadTimeDays: 7, createdAt: '' };
const cementLine = {
  materialId: 'm1',
  name: 'Cement',
  unit: 'bag',
  store,
  unitCost: '400.125',
  packSize: 50,
  packUnit: { name: 'pallet', factor: '40' },
};
const sand = { _id: 'm2', name: 'Sand', unit: 't', storeId: store, availableQuantity: 10, units: [{ name: 'truck', factor: '10' }] };

describe('the suppliers screen', () => {
  it('adds a supplier once, however often it is pressed, with the fields typed', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/suppliers': { body: { suppliers: [acme], total: 1 } },
      'POST /api/suppliers': { status: 201, body: { message: 'Supplier saved.', supplier: { ...acme, _id: 'p2', name: 'Bharat Steel' } } },
    });
    renderAt('/dashboard/suppliers');
    const user = userEvent.setup();
    expect(await screen.findByText('orders@acme.example · 7 days to deliver')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Supplier name' }), 'Bharat Steel');
    await user.type(screen.getByRole('textbox', { name: 'Lead time (days)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Supplier saved.');
    const post = calls.find((call) => call.key === 'POST /api/suppliers');
    expect(post?.body).toEqual({ name: 'Bharat Steel', email: '', phone: '', leadTimeDays: 10 });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("shows a supplier's prices exactly, adds a line to the whole list and removes one in a press", async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/suppliers': { body: { suppliers: [acme], total: 1 } },
      'GET /api/suppliers/p1/prices': { body: { supplier: { _id: 'p1', name: 'Acme Cement' }, lines: [cementLine] } },
      // As the server searches: the picked option's label ("Sand · Riverside") finds no material.
      'GET /api/products': (_body, url) => ({ body: (url.searchParams.get('q') ?? '').includes('·') ? [] : [sand] }),
      'PUT /api/suppliers/p1/prices': (body) => ({
        body: { message: 'Price list saved.', supplier: { _id: 'p1', name: 'Acme Cement' }, lines: (body as { lines: unknown[] }).lines },
      }),
    });
    renderAt('/dashboard/suppliers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Price list Acme Cement' }));
    const table = await screen.findByRole('table', { name: 'Price list of Acme Cement' });
    expect(await within(table).findByText('400.125 / pallet')).toBeInTheDocument();
    expect(within(table).getByText('Packs of 50 · pallet = 40 bag')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    await user.click(await screen.findByRole('option', { name: 'Sand · Riverside' }));
    // The search for the picked label has been answered (with nothing) before the pack unit is chosen.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.click(await screen.findByRole('combobox', { name: 'Sold in' }));
    await user.click(await screen.findByRole('option', { name: 'truck = 10 t' }));
    await user.type(screen.getByRole('textbox', { name: /Unit cost/ }), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add or change price' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Price list saved.');
    const added = calls.filter((call) => call.key === 'PUT /api/suppliers/p1/prices')[0];
    expect(added?.body).toEqual({
      lines: [
        { materialId: 'm1', unitCost: '400.125', packSize: 50, packUnit: 'pallet' },
        { materialId: 'm2', unitCost: '12.5', packSize: null, packUnit: 'truck' },
      ],
    });

    await user.click(within(table).getByRole('button', { name: 'Remove Cement' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.key === 'PUT /api/suppliers/p1/prices')[1]?.body).toEqual({ lines: [] }));
  });
});
