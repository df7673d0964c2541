import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../app/router';
import { cssVariables, theme } from '../app/theme';

function providers(children: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <MantineProvider env="test" theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders one component with the app's providers, outside any route. */
export function renderAlone(element: ReactElement) {
  return render(providers(element));
}

/** Renders the real route table at a path, as the browser would; `router.state.location` follows where it went. */
export function renderAt(path: string) {
  const router = { state: { location: { pathname: path } as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  const view = render(
    providers(
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>,
    ),
  );
  return { ...view, router };
}

const NOTIFICATIONS = 'GET /api/notifications';
const SETTINGS = 'GET /api/settings';
/** A keeper's top bar names the store, and the sync bar counts what needs attention. */
const STORES = 'GET /api/stores';
const PARKED = 'GET /api/sync/parked';
const SIGN_IN_OPTIONS = 'GET /api/auth/sign-in-options';

/** A stubbed answer; `connectionLost` makes the call fail as a dropped connection does, with no answer. */
type Reply = { status?: number; body?: unknown; connectionLost?: boolean };

/** Stubs fetch: each call is answered by the first matching handler ("METHOD /path"). */
export function stubApi(handlers: Record<string, Reply | ((body: unknown, url: URL) => Reply)>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    // The top bar's bell asks on every screen: answered with nothing, and not counted, unless the test stubs it.
    if (key === NOTIFICATIONS && !handlers[key]) return new Response(JSON.stringify({ notifications: [], unread: 0 }), { status: 200 });
    // So do the company settings of a screen that shows amounts: US dollars.
    if (key === SETTINGS && !handlers[key]) return new Response(JSON.stringify({ settings: { currency: 'USD' } }), { status: 200 });
    // And so does a keeper's frame: no stores named, nothing parked.
    if (key === STORES && !handlers[key]) return new Response('[]', { status: 200 });
    if (key === PARKED && !handlers[key]) return new Response(JSON.stringify({ parked: [], total: 0 }), { status: 200 });
    // The login page asks how people may sign in: by password alone, unless the test says otherwise.
    if (key === SIGN_IN_OPTIONS && !handlers[key]) return new Response(JSON.stringify({ provider: null }), { status: 200 });
    calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `No stub for ${key}` }), { status: 500 });
    const reply = typeof handler === 'function' ? handler(body, new URL(url, 'http://localhost')) : handler;
    if (reply.connectionLost) throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/**
 * Holds every call to paths starting with `prefix` until `answer` is called, so a test can see the
 * screen while it waits; other calls get an empty notification list.
 */
export function holdApi(prefix: string): { answer: (body: unknown, status?: number) => void } {
  const waiting: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith(prefix)
        ? new Promise<Response>((resolve) => waiting.push(resolve))
        : new Response(JSON.stringify({ notifications: [], unread: 0 }), { status: 200 }),
    ),
  );
  return {
    answer: (body, status = 200) => {
      for (const resolve of waiting.splice(0)) resolve(new Response(JSON.stringify(body), { status }));
    },
  };
}

export function signInAs(role: string, token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('userRole', role);
}

/** Tells the app the browser went offline (or came back), as the browser would. */
export function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}
