import { clearSession, getToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the stored token (the default). */
  auth?: boolean;
  headers?: Record<string, string>;
};

/**
 * Calls the API and returns its JSON. A 401 on an authenticated call means the session is over:
 * storage is cleared so the app returns to the sign-in screen.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const useAuth = options.auth !== false;
  const token = getToken();
  if (useAuth && token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const serverMessage = typeof data?.message === 'string' ? data.message : undefined;
    if (response.status === 401 && useAuth && token) clearSession();
    throw new ApiError(response.status, serverMessage ?? `HTTP error! Status: ${response.status}`, serverMessage);
  }
  return data as T;
}

function safeJson(text: string): { message?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
