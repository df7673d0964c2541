import { currentLanguage } from '../i18n/i18n';
import { translatedMessage } from '../i18n/messages';
import { clearSession, getToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
    /** The stable code the server sent beside its message, for showing it in the app's language. */
    readonly code?: string,
    /** The names and numbers of a message made with them, in order. */
    readonly params?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored token (the default). */
  auth?: boolean;
  headers?: Record<string, string>;
  /**
   * Marks a stock change as one operation: the request is sent again, with the same key, when
   * the connection drops, and the server records it once however many copies arrive.
   */
  idempotencyKey?: string;
};

const NETWORK_RETRIES = 3;

/**
 * Calls the API and returns its JSON. A 401 on an authenticated call means the session is over:
 * storage is cleared so the app returns to the sign-in screen.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** A list call with paging: its rows and the X-Total-Count the server sent. */
export async function apiFetchPage<T, R = T[]>(
  path: string,
  rowsOf: (data: R) => T[] = (data) => data as T[],
): Promise<{ rows: T[]; total: number }> {
  const { data, headers } = await apiRequest<R>(path, {});
  const rows = rowsOf(data);
  return { rows, total: Number(headers.get('X-Total-Count') ?? rows.length) };
}

async function apiRequest<T>(path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const useAuth = options.auth !== false;
  const token = getToken();
  if (useAuth && token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const attempts = options.idempotencyKey ? NETWORK_RETRIES + 1 : 1;
  let response: Response | undefined;
  for (let attempt = 1; !response; attempt += 1) {
    try {
      response = await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch {
      if (attempt >= attempts) throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
  if (!response.ok) throw await failureOf(response, useAuth && Boolean(token));
  const text = await textOf(response);
  return { data: (text ? safeJson(text) : undefined) as T, headers: response.headers };
}

/**
 * An answer's text, decoded chunk by chunk as it arrives: a report of 10,000 rows (6 MB) then takes
 * many short tasks of a phone's main thread instead of one long one.
 */
async function textOf(response: Response): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The error of a failed answer; a 401 to a signed-in call ends the session. */
async function failureOf(response: Response, signedIn: boolean): Promise<ApiError> {
  const data = safeJson(await response.text());
  const serverMessage = typeof data?.message === 'string' ? data.message : undefined;
  const code = typeof data?.code === 'string' ? data.code : undefined;
  const params = Array.isArray(data?.params) ? data.params.map(String) : undefined;
  if (response.status === 401 && signedIn) clearSession();
  return new ApiError(response.status, serverMessage ?? `HTTP error! Status: ${response.status}`, serverMessage, code, params);
}

/**
 * Downloads a file the server makes (a report's PDF or CSV; with a body, a POST such as a label sheet)
 * and saves it under the name the server gives it, or `fallbackName`.
 */
export async function apiDownload(path: string, fallbackName: string, options: { body?: unknown } = {}): Promise<void> {
  const token = getToken();
  // A printed document is made in the app's language, whatever the browser's own.
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(
      path,
      options.body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(options.body) },
    );
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await failureOf(response, Boolean(token));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const named = utf8 ? decodeURIComponent(utf8) : /filename="([^"]+)"/.exec(disposition)?.[1];
  saveFile(await response.blob(), named ?? fallbackName);
}

/** A file the server keeps (a photo, its thumbnail, a document), as a blob for the page to show. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await failureOf(response, Boolean(token));
  return response.blob();
}

/** Sends one file as the multipart field `file` (an upload of a photo or a document) and returns the JSON answer. */
export async function apiUpload<T>(path: string, file: Blob, fileName: string): Promise<T> {
  const token = getToken();
  const form = new FormData();
  form.append('file', file, fileName);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await failureOf(response, Boolean(token));
  return safeJson(await response.text()) as T;
}

/** Hands a file to the browser to save. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function safeJson(text: string): { message?: unknown; code?: unknown; params?: unknown } | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What to tell the user about a failed call, in the app's language where it has the text: the
 * server's own message when it sent one, the connection problem when there was no answer, else the
 * screen's own fallback text.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return translatedMessage(error.serverMessage, error.code, error.params);
  return error.status === 0 ? translatedMessage(error.message, 'connectionLost') : fallback;
}

/** Whether a call failed without an answer (the connection dropped): the same request may be sent again. */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** A query string of the values given, leaving out the empty ones. */
export function searchOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}
