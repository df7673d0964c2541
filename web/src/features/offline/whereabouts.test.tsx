import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cement } from '../../test/fixtures';
import { phoneAt, recordLocation } from '../../test/geolocation';
import { renderAt, signInAs, stubApi } from '../../test/render';
import { discardAll } from './outbox';

const USER_ID = '7f1c2b3a-0000-4000-8000-000000000003';
const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s'] })).replace(/=+$/, '')}.sig`;

afterEach(async () => {
  vi.unstubAllGlobals();
  // The form's last watch is cleared when the next test unmounts it.
  phoneAt('denied');
  recordLocation(false);
  await discardAll(USER_ID);
});

async function issueCement(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Material' }));
  await user.click(await screen.findByRole('option', { name: 'Cement (bag)' }));
  await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
  await user.click(screen.getByRole('button', { name: 'Issued Stock' }));
}

describe('recording where an entry is made', () => {
  it('is off until the keeper turns it on; then the issue carries the phone’s location, and the screen says so', async () => {
    signInAs('user', token);
    const watch = phoneAt({ latitude: 6.52441234, longitude: 3.37921234, accuracy: 12.34 });
    const calls = stubApi({
      'GET /api/user/get-product': { body: [cement] },
      'POST /api/user/consume-stock': { body: { message: 'Stock issued successfully', product: cement } },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: /^Record where I am with each entry/ });
    expect(screen.getByText('Off: entries are recorded without where they were made.')).toBeInTheDocument();
    expect(watch).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(await screen.findByText('On: each entry records where this phone is (within 12 m).')).toBeInTheDocument();
    await issueCement(user);
    await screen.findByText('Stock issued successfully');
    const sent = calls.find((call) => call.key === 'POST /api/user/consume-stock');
    expect(sent?.body).toMatchObject({ location: { lat: 6.524412, lon: 3.379212, accuracyM: 12.3 } });
    expect(localStorage.getItem('stockyard.recordLocation')).toBe('on');
  });

  it('never holds an entry back: with the location refused, the issue goes without one', async () => {
    signInAs('user', token);
    recordLocation(true);
    phoneAt('denied');
    const calls = stubApi({
      'GET /api/user/get-product': { body: [cement] },
      'POST /api/user/consume-stock': { body: { message: 'Stock issued successfully', product: cement } },
    });
    renderAt('/dashboard/consumestock');
    const user = userEvent.setup();
    expect(await screen.findByText(/Location is not allowed for this site on this phone/)).toBeInTheDocument();
    await issueCement(user);
    await screen.findByText('Stock issued successfully');
    const sent = calls.find((call) => call.key === 'POST /api/user/consume-stock');
    expect(sent?.body).not.toHaveProperty('location');
  });
});
