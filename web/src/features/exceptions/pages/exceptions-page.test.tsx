import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

describe('the exceptions page', () => {
  it('lists each movement recorded outside its fence: when, where, what, who and how far', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/exceptions': {
        body: {
          exceptions: [
            {
              movementId: 'm1',
              store: { _id: 's1', name: 'Riverside' },
              item: { _id: 'i1', kind: 'material', name: 'Cement' },
              kind: 'issue',
              quantity: 2,
              // Shown in the phone's own time, whatever its zone.
              occurredAt: new Date(2026, 10, 28, 9, 30).toISOString(),
              actor: { _id: 'u1', name: 'Pat Keeper' },
              location: { lat: 6.569366, lon: 3.3792, accuracyM: 20 },
              distanceM: 5000,
              radiusM: 200,
            },
          ],
          total: 1,
        },
      },
    });
    renderAt('/dashboard/exceptions');
    const row = await screen.findByRole('row', { name: /Riverside/ });
    expect(row).toHaveTextContent('28/11/2026 09:30');
    expect(row).toHaveTextContent('Issued 2 · Cement');
    expect(row).toHaveTextContent('Pat Keeper');
    expect(row).toHaveTextContent('5 km from the centre (fence 200 m, accurate to 20 m)');
    expect(within(row).getByRole('link', { name: '6.56937, 3.37920' })).toHaveAttribute('href', expect.stringContaining('mlat=6.569366'));
    expect(calls.find((call) => call.key === 'GET /api/exceptions')).toBeDefined();
  });
});
