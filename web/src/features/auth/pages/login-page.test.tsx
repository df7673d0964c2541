import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderAt, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByPlaceholderText('Enter your Email'), email);
  if (password) await user.type(screen.getByPlaceholderText('Minimum 8 characters'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the tagline and asks for both fields without calling the server', async () => {
    const calls = stubApi({});
    renderAt('/');
    expect(screen.getByText('See your growth and get support!')).toBeInTheDocument();
    await fillAndSubmit('kim@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in both email and password');
    expect(calls).toHaveLength(0);
  });

  it('shows "Invalid email or password" for any failed sign-in', async () => {
    stubApi({ 'POST /auth/login': { status: 401, body: { message: 'whatever the server says' } } });
    renderAt('/');
    await fillAndSubmit('kim@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it("shows the server's message when sign-in is rate limited", async () => {
    stubApi({
      'POST /auth/login': { status: 429, body: { message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' } },
    });
    renderAt('/');
    await fillAndSubmit('kim@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many failed sign-in attempts/);
  });

  it('reads "Logging in..." while working, then stores the token and role, asks to keep the phone\'s data and opens the role\'s hub', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        // The hub it opens asks for its dashboard: an empty one.
        if (String(url).startsWith('/api/dashboard')) {
          return new Response(JSON.stringify({ since: '2026-01-01', topConsumed: [], weekly: null, damageShare: [], signInBursts: [] }));
        }
        await answered;
        return new Response(JSON.stringify({ token: 'abc', role: 'user' }), { status: 200 });
      }),
    );
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'storage');
    });
    const { router } = renderAt('/');
    await fillAndSubmit('kim@example.com', 'right-password');
    expect(persist).not.toHaveBeenCalled();
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manager-dashboard'));
    expect(localStorage.getItem('token')).toBe('abc');
    expect(localStorage.getItem('userRole')).toBe('user');
    // What the phone keeps offline is asked to be kept, once signed in.
    expect(persist).toHaveBeenCalledTimes(1);
    // The hub and its lazily loaded charts are in place before the test ends.
    expect(await screen.findByText('Nothing was issued in the last 30 days.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("offers the company's identity provider when one is set up, and signs in with the ticket its return brings, once", async () => {
    const calls = stubApi({
      'GET /api/auth/sign-in-options': { body: { provider: { name: 'Acme Login' } } },
      'POST /api/auth/oidc/finish': { body: { token: 'session-token', role: 'user', language: null } },
    });
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Login' })).toHaveAttribute('href', '/auth/oidc/start');

    renderAt('/?sso=a-one-time-ticket-from-the-provider');
    await waitFor(() => expect(calls.filter((call) => call.key === 'POST /api/auth/oidc/finish')).toHaveLength(1));
    expect(calls.find((call) => call.key === 'POST /api/auth/oidc/finish')?.body).toEqual({
      ticket: 'a-one-time-ticket-from-the-provider',
    });
    await waitFor(() => expect(window.location.pathname).not.toBe('/login'));
  });

  it("says why a return from the provider signed nobody in, and when a person's password sign-in is switched off", async () => {
    stubApi({
      'POST /auth/login': {
        status: 401,
        body: { message: 'Sign in with your company account: password sign-in is switched off for you.', code: 'SIGN_IN_WITH_PROVIDER' },
      },
    });
    renderAt('/?ssoError=unknown');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your company account is not a Stockyard user here. Ask an admin to add you.',
    );
    await fillAndSubmit('kim@example.com', 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent('password sign-in is switched off for you');
  });
});
