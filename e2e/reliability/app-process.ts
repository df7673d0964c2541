// Starts the built server as a child process, for the reliability tests and the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

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

// A server left running holds the process that started it open: a test file, and the run with it.
const running = new Set<ChildProcess>();

/** Kills every server this process started and has not stopped. */
export function killEveryServer(): void {
  for (const child of running) child.kill('SIGKILL');
}

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
      // Already gone (it exited, or a test killed it): its exit event has fired and will not again.
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}
