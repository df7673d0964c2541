import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the job cost screen', () => {
  it("shows a job's lines, its total and the budget it used", async () => {
    signInAs('user');
    const job = { _id: 'j1', code: 'T-A', name: 'Tower A', isActive: true, stores: [], createdAt: '' };
    stubApi({
      'GET /api/jobs': { body: { jobs: [job] } },
      'GET /api/jobs/j1/cost': {
        body: {
          job,
          from: null,
          to: null,
          groupBy: 'costCode',
          currency: 'USD',
          lines: [{ key: '03 30 00', label: 'Cast-in-place concrete', value: '412.50' }],
          total: '412.50',
          budget: '1000.00',
          used: 0.4125,
        },
      },
    });
    renderAt('/dashboard/jobcost');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Job' }));
    await user.click(await screen.findByRole('option', { name: 'T-A · Tower A' }));
    expect(await screen.findByTestId('job-cost-total')).toHaveTextContent('$412.50');
    expect(screen.getByTestId('job-budget-used')).toHaveTextContent('41.3% of the budget used');
    expect(await screen.findByText('03 30 00 · Cast-in-place concrete')).toBeInTheDocument();
  });
});
