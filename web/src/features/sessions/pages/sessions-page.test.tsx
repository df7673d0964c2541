import type { Session } from '@stockyard/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const session = (browser: string, current: boolean): Session => ({
  _id: crypto.randomUUID(),
  createdAt: '2026-03-04T09:15:00.000Z',
  lastUsedAt: null,
  browser,
  address: '127.0.0.1',
  current,
});

const OWN_SESSIONS = 'GET /api/auth/sessions';
const MFA_STATUS = { 'GET /api/auth/mfa/status': { body: { enabled: false, recoveryCodesLeft: 0 } } };

describe('the sessions page', () => {
  it('shows the loading row while the devices are on their way', async () => {
    signInAs('user');
    const held = holdApi('/api/auth/sessions');
    renderAt('/dashboard/sessions');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    held.answer([session('Chrome on Android', true)]);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
  });

  it('marks this device, and signs out another one, saying how many', async () => {
    signInAs('user');
    const laptop = session('Firefox on Linux', false);
    const calls = stubApi({
      ...MFA_STATUS,
      [OWN_SESSIONS]: { body: [session('Chrome on Android', true), laptop] },
      [`DELETE /api/auth/sessions/${laptop._id}`]: { body: { message: 'Signed out 1 session.', signedOut: 1 } },
    });
    renderAt('/dashboard/sessions');
    expect(await screen.findByText('This device')).toBeInTheDocument();
    const laptopRow = (await screen.findByText('Firefox on Linux')).closest('tr') as HTMLElement;
    await userEvent.click(within(laptopRow).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out 1 session.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(1);
  });

  it('offers no sign-out elsewhere when this is the only device', async () => {
    signInAs('user');
    stubApi({ ...MFA_STATUS, [OWN_SESSIONS]: { body: [session('Chrome on Android', true)] } });
    renderAt('/dashboard/sessions');
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it("says so when the devices cannot be read, with the server's reason", async () => {
    signInAs('user');
    stubApi({ ...MFA_STATUS, [OWN_SESSIONS]: { status: 503, body: { message: 'The server took too long to answer. Please try again.' } } });
    renderAt('/dashboard/sessions');
    expect(await screen.findByText('The server took too long to answer. Please try again.')).toBeInTheDocument();
  });
});
