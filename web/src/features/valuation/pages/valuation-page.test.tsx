import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLanguage('en');
});

const row = (name: string, value: string, quantity: number) => ({
  storeId: 's1',
  storeName: 'Riverside',
  materialId: `m-${name}`,
  name,
  unit: 'bag',
  quantity,
  averageCost: value === '0.00' ? '0' : '412.5',
  value,
  isUnvalued: value === '0.00' && quantity > 0,
});

describe('the valuation screen', () => {
  it('shows the stock value, what is in transit, each row, and marks unvalued stock', async () => {
    signInAs('user');
    stubApi({
      'GET /api/valuation': {
        body: {
          asOf: '2026-11-26',
          currency: 'EUR',
          rows: [row('Cement', '11962.50', 29), row('Gravel', '0.00', 4)],
          totals: { value: '11962.50' },
          inTransit: { value: '1234567.89' },
        },
      },
    });
    await chooseLanguage('fr');
    renderAt('/dashboard/valuation');
    expect(await screen.findByTestId('valuation-total')).toHaveTextContent(/^11\s962,50\s€$/);
    expect(screen.getByTestId('valuation-in-transit')).toHaveTextContent(/^1\s234\s567,89\s€$/);
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Non valorisé')).toBeInTheDocument();
    expect(within(table).getByText('412,50 €')).toBeInTheDocument();
  });
});

describe('a valuation of every store', () => {
  it('draws only the rows in view of thousands, the table still counting them all', async () => {
    signInAs('user');
    const rows = Array.from({ length: 5000 }, (_, index) => ({ ...row(`Material ${index}`, '10.00', 1), materialId: `m${index}` }));
    stubApi({
      'GET /api/valuation': {
        body: { asOf: '2026-11-26', currency: 'USD', rows, totals: { value: '50000.00' }, inTransit: { value: '0.00' } },
      },
    });
    renderAt('/dashboard/valuation');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Stock valuation' })).toHaveAttribute('aria-rowcount', '5001'));
    const table = screen.getByRole('table', { name: 'Stock valuation' });
    expect(table.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(100);
  });
});

describe('revaluing stock', () => {
  it('lets an admin give unvalued stock its cost per unit, sent as one revaluation line', async () => {
    signInAs('admin');
    const gravel = {
      ...row('Gravel', '0.00', 4),
      storeId: '5e0c0c0c-0000-4000-8000-000000000002',
      materialId: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e6f',
    };
    const answer = {
      asOf: '2026-11-26',
      currency: 'USD',
      rows: [gravel],
      totals: { value: '0.00' },
      inTransit: { value: '0.00' },
    };
    const calls = stubApi({
      'GET /api/valuation': { body: answer },
      'GET /api/stores': { body: [] },
      'POST /api/valuation/opening': { body: { message: 'Stock revalued.', lines: [] } },
    });
    renderAt('/dashboard/valuation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revalue Gravel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revalue Gravel' });
    const cost = within(dialog).getByRole('textbox', { name: 'Unit cost ($)' });
    await user.clear(cost);
    await user.type(cost, '18.75');
    await user.click(within(dialog).getByRole('button', { name: 'Revalue' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stock revalued.');
    const post = calls.find((call) => call.key === 'POST /api/valuation/opening');
    expect(post?.body).toEqual({ storeId: gravel.storeId, lines: [{ materialId: gravel.materialId, unitCost: '18.75' }] });
  });
});
