import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

const failure = { status: 500, body: {} };

// When the server sends no message, each screen says its own text.
describe("each screen's fallback error text", () => {
  it.each([
    ['user', '/dashboard/allproducts', { 'GET /api/products': failure }, 'Failed to fetch products. Please try again.'],
    ['admin', '/dashboard/productlist', { 'GET /api/products': failure }, 'Failed to fetch data. Please try again.'],
    ['user', '/dashboard/alltool', { 'GET /api/tools/view-tools': failure }, 'Error fetching tools.'],
    ['user', '/dashboard/supplymanagement', { 'GET /api/supply/all': failure }, 'Error fetching supplies'],
    [
      'admin',
      '/dashboard/totalstock',
      { 'GET /api/stock/total': failure, 'GET /api/products': { body: [] } },
      'Unable to fetch total stock. Please try again later.',
    ],
    ['admin', '/dashboard/availablestock', { 'GET /api/products': failure }, 'Unable to fetch stock availability. Please try again later.'],
    ['admin', '/dashboard/generatereport', { 'GET /api/stores': failure }, 'Error fetching store names'],
    ['admin', '/dashboard/allusers', { 'GET /api/auth/fetch-users': failure }, 'Error: HTTP error! Status: 500'],
    ['admin', '/dashboard/createuser', { 'GET /api/stores': failure }, 'Could not fetch stores. Please refresh the page.'],
  ])('%s at %s', async (role, path, stubs, text) => {
    signInAs(role);
    stubApi(stubs);
    renderAt(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('Create Store falls back to its own text', async () => {
    signInAs('admin');
    stubApi({ 'POST /api/stores': failure });
    renderAt('/dashboard/createstore');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Store Name' }), 'Depot');
    await userEvent.click(screen.getByRole('button', { name: 'Create Store' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while creating the store. Please try again.');
  });

  it('a movement screen falls back to its own text', async () => {
    signInAs('user');
    const product = {
      _id: '7d3c8a52-0b1e-4f6a-9c2d-5e8f1a2b3c4d',
      name: 'Sand',
      categoryname: '',
      materialname: 'N/A',
      size: '',
      unit: '',
      totalQuantity: 5,
      restockedQuantity: 0,
      transferQuantity: 0,
      availableQuantity: 5,
      consumedQuantity: 0,
      damagedQuantity: 0,
      refundQuantity: 0,
      adjustedQuantity: 0,
      remarks: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      storeId: { _id: 's', name: 'S' },
    };
    stubApi({ 'GET /api/user/get-product': { body: [product] }, 'POST /api/user/add-damaged-stock': failure });
    renderAt('/dashboard/damagestock');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Material' }));
    await user.click(await screen.findByRole('option', { name: 'Sand' }));
    await user.type(screen.getByRole('textbox', { name: 'Damage Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Damage Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add damaged stock');
  });
});
