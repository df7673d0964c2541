import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const store = { _id: 's1', name: 'Riverside' };
const job = { _id: 'j1', code: 'T-A', name: 'Tower A', isActive: true, budget: '1000.00', stores: [store], createdAt: '' };

describe('the jobs screen', () => {
  it('creates a job for the stores picked, once, and closes a job in one press', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/jobs': { body: { jobs: [job] } },
      'GET /api/cost-codes': { body: { costCodes: [] } },
      'GET /api/stores': { body: [store] },
      'POST /api/jobs': { status: 201, body: { message: 'Job saved.', job: { ...job, _id: 'j2', code: 'T-B' } } },
      'PUT /api/jobs/j1': { body: { message: 'Job saved.', job: { ...job, isActive: false } } },
    });
    renderAt('/dashboard/jobs');
    const user = userEvent.setup();
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Job code' }), 'T-B');
    await user.type(screen.getAllByRole('textbox', { name: 'Name' })[0] as HTMLElement, 'Tower B');
    await user.click(screen.getByRole('combobox', { name: 'Stores' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside' }));
    await user.type(screen.getByRole('textbox', { name: 'Budget' }), '2500');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Job saved.');
    const post = calls.find((call) => call.key === 'POST /api/jobs');
    expect(post?.body).toEqual({ code: 'T-B', name: 'Tower B', storeIds: ['s1'], budget: '2500' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    await user.click(within(screen.getAllByRole('table')[0] as HTMLElement).getByRole('button', { name: 'Close T-A' }));
    await vi.waitFor(() => expect(calls.find((call) => call.key === 'PUT /api/jobs/j1')?.body).toEqual({ isActive: false }));
  });

  it('imports a spreadsheet of cost codes and says how many came in', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/jobs': { body: { jobs: [] } },
      'GET /api/cost-codes': { body: { costCodes: [] } },
      'GET /api/stores': { body: [store] },
      'POST /api/cost-codes/import': { body: { message: 'Imported 2 cost codes; 0 were already there.', imported: 2, existing: 0 } },
    });
    const { container } = renderAt('/dashboard/jobs');
    await screen.findByText('Import cost codes');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['Code,Name\r\n03 30 00,Concrete\r\n'], 'codes.csv', { type: 'text/csv' });
    await userEvent.setup().upload(input, file);
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 2 cost codes; 0 were already there.');
    const post = calls.find((call) => call.key === 'POST /api/cost-codes/import');
    expect(post?.body).toMatchObject({ fileName: 'codes.csv' });
    expect(atob((post?.body as { content: string } | undefined)?.content ?? '')).toBe('Code,Name\r\n03 30 00,Concrete\r\n');
  });
});
