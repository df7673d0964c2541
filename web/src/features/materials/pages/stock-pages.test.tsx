import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cement } from '../../../test/fixtures';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('Total Stock', () => {
  it("keeps SPEC's heading and sum, gives the totals per unit under it, and names each row's store and unit", async () => {
    signInAs('admin');
    const sand = { ...cement, _id: 'sand', name: 'Sand', unit: 't', availableQuantity: 3, storeId: { _id: 'yard', name: 'North yard' } };
    stubApi({
      'GET /api/stock/total': {
        body: {
          totalAvailable: 1203,
          materials: 2,
          byUnit: [
            { unit: 'bag', totalAvailable: 1200, materials: 1 },
            { unit: 't', totalAvailable: 3, materials: 1 },
          ],
        },
      },
      'GET /api/products': { body: [{ ...cement, availableQuantity: 1200 }, sand] },
    });
    renderAt('/dashboard/totalstock');
    expect(await screen.findByRole('heading', { name: 'Total Stock : 1,203' })).toBeInTheDocument();
    const perUnit = screen.getByRole('list', { name: 'Total per unit' });
    expect(
      within(perUnit)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1,200 bag', '3 t']);
    const row = (await screen.findByText('Sand')).closest('tr') as HTMLElement;
    expect(within(row).getByText('North yard')).toBeInTheDocument();
    expect(within(row).getByText('t')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Total Stock' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Material Name', 'Store', 'Available Quantity', 'Unit']);
  });
});
