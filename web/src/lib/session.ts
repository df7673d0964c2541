import type { Role } from '@stockyard/contract';

const TOKEN_KEY = 'token';
const ROLE_KEY = 'userRole';
const listeners = new Set<() => void>();

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getRole(): Role | null {
  return localStorage.getItem(ROLE_KEY) as Role | null;
}

/**
 * Who is signed in, read from the token's claims (its subject and stores; a keeper's first store is
 * the active one). The server checks the token; this only tells the phone whose outbox is whose.
 */
export function signedInUser(): { userId: string; stores: string[] } | null {
  const payload = getToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string; stores?: string[] };
    return claims.sub ? { userId: claims.sub, stores: claims.stores ?? [] } : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, role: Role): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ROLE_KEY, role);
  notify();
}

export function replaceToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Choices of this device's, not of the person signed in: the app's language and light or dark. */
const KEPT_ON_SIGN_OUT = ['language', 'mantine-color-scheme-value'];

/** Forgets everything about the signed-in user: local and session storage and the token cookie. */
export function clearSession(): void {
  const kept = KEPT_ON_SIGN_OUT.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the one cookie the app sets
  document.cookie = 'token=; Max-Age=0; path=/';
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}
