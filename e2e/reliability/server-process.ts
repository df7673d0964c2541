import { after } from 'node:test';
import pg from 'pg';
import { ADMIN, killEveryServer } from './app-process';

export { ADMIN, freePort, type RunningServer, root, startServer } from './app-process';

// A test that fails before it stops its servers would leave them holding the file open until CI gives up.
after(killEveryServer);

export async function call<T = unknown>(
  url: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers['idempotency-key'] = options.key;
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  // A proxy in front may answer with a page of its own.
  const isJson = response.headers.get('content-type')?.includes('json');
  return { status: response.status, body: (text && isJson ? JSON.parse(text) : text || undefined) as T };
}

export async function login(url: string, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const { status, body } = await call<{ token: string }>(url, '/auth/login', { method: 'POST', body: { email, password } });
  if (status !== 200) throw new Error(`login failed: ${status}`);
  return body.token;
}

/** A store with one material of plenty of stock, made through the API. */
export async function seedStock(url: string, token: string, opening: number): Promise<{ storeId: string; materialId: string }> {
  const store = await call<{ store: { _id: string } }>(url, '/api/stores', {
    method: 'POST',
    token,
    body: { name: `Store ${Date.now()}` },
  });
  const material = await call<{ product: { _id: string } }>(url, '/api/user/add-product', {
    method: 'POST',
    token,
    body: { name: `Cement ${Date.now()}`, totalQuantity: opening, storeId: store.body.store._id },
  });
  return { storeId: store.body.store._id, materialId: material.body.product._id };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and a function that drops it. */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Reads until `isDone` says so; fails with the last value read after `timeoutMs`. */
export async function until<T>(read: () => T | Promise<T>, isDone: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
