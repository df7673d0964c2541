import { screen, within } from '@testing-library/react';
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
