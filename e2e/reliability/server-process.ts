import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'admin@example.com', password: 'reliability-admin-pass' };

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

// A server left running holds its test file's process open, and the run with it, until CI gives up:
// whatever a file started is killed once its tests are done, passed or failed.
const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** How long a server may take to migrate a new database and answer, on a busy machine. */
const START_TIMEOUT_MS = 120_000;

export type RunningServer = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts the built server (server/dist/main.js) and waits until /api/health answers. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    [...(process.env.SERVER_NODE_ARGS ? process.env.SERVER_NODE_ARGS.split(' ') : []), 'server/dist/main.js'],
    {
      cwd: root,
      env: {
        // Test and benchmark harnesses sign in as an admin by password alone.
        REQUIRE_ADMIN_MFA: 'false',
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

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
