import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cement } from '../../../test/fixtures';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const product = { ...cement, averageCost: '412.5', stockValue: '2887.50' };
const tower = {
  _id: '7a0c0c0c-0000-4000-8000-000000000001',
  code: 'T-A',
  name: 'Tower A',
  isActive: true,
  stores: [product.storeId],
  createdAt: '',
};
const elsewhere = {
  ...tower,
  _id: '7a0c0c0c-0000-4000-8000-000000000002',
  code: 'T-B',
  name: 'Tower B',
  stores: [{ _id: 'x', name: 'X' }],
};
const concrete = { _id: 'c1', code: '03 30 00', name: 'Cast-in-place concrete' };
const answer = { message: 'Done', product };

async function pickCement(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Material' }));
  await user.click(await screen.findByRole('option', { name: 'Cement (bag)' }));
}

describe('unit cost on a purchase', () => {
  it("is filled in with the material's average, sent as typed, and refused with more than 4 decimals", async () => {
    signInAs('user');
    const calls = stubApi({ 'GET /api/user/get-product': { body: [product] }, 'POST /api/user/add-restock-product': { body: answer } });
    renderAt('/dashboard/restockproduct');
    const user = userEvent.setup();
    await pickCement(user);
    const cost = await screen.findByRole('textbox', { name: 'Unit cost ($)' });
    expect(cost).toHaveValue('412.5');
    await user.type(screen.getByRole('textbox', { name: 'Restock Quantity' }), '10');
    await user.clear(cost);
    await user.type(cost, '1.23456');
    await user.click(screen.getByRole('button', { name: 'Restock Material' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unit cost must be an amount of 0 or more with at most 4 decimals.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
    await user.clear(cost);
    await user.type(cost, '420.25');
    await user.click(screen.getByRole('button', { name: 'Restock Material' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done');
    const post = calls.find((call) => call.key === 'POST /api/user/add-restock-product');
    expect(post?.body).toEqual({ name: 'Cement', quantity: 10, storeId: product.storeId._id, unitCost: '420.25' });
  });
});

describe('job and cost code on an issue', () => {
  it("offers the open jobs of the material's store and sends the job and cost code picked", async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'GET /api/jobs': { body: { jobs: [tower, elsewhere] } },
      'GET /api/cost-codes': { body: { costCodes: [concrete] } },
      'POST /api/user/consume-stock': { body: answer },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('combobox', { name: 'Job' }));
    expect(screen.queryByRole('option', { name: 'T-B · Tower B' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'T-A · Tower A' }));
    await user.click(screen.getByRole('combobox', { name: 'Cost code' }));
    await user.click(await screen.findByRole('option', { name: '03 30 00 · Cast-in-place concrete' }));
    await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done');
    const post = calls.find((call) => call.key === 'POST /api/user/consume-stock');
    expect(post?.body).toEqual({ productId: product._id, quantity: 2, jobId: tower._id, costCode: '03 30 00' });
  });
});

describe('a store that requires a job', () => {
  it('asks for a job, then a cost code, before an issue is sent', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/user/get-product': { body: [product] },
      'GET /api/stores': { body: [{ ...product.storeId, requireJob: true }] },
      'GET /api/jobs': { body: { jobs: [tower] } },
      'GET /api/cost-codes': { body: { costCodes: [concrete] } },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    await pickCement(user);
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a job.');
    await user.click(screen.getByRole('combobox', { name: 'Job' }));
    await user.click(await screen.findByRole('option', { name: 'T-A · Tower A' }));
    await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a cost code.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });
});
