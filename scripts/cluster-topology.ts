// The production topology on one machine: a PostgreSQL primary and its streaming replica, app
// processes on both, and HAProxy in front of them with deploy/haproxy.cfg.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgresPair, type PostgresPair, stopPostgres } from './postgres-pair';

export const root = fileURLToPath(new URL('..', import.meta.url));

export type ClusterPorts = { balancer: number; apps: number[]; postgres: number };

/** What a running cluster is made of, kept in `<dir>/cluster.json` so that `stop` can find it. */
export type ClusterState = {
  dir: string;
  url: string;
  ports: ClusterPorts;
  primaryUrl: string;
  replicaUrl: string;
  appPids: number[];
  haproxyPidFile: string;
};

const STATE_FILE = 'cluster.json';

/** HAProxy, or why it cannot run here. */
export function haproxyPath(): string {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(path)) return path;
  throw new Error('HAProxy is not installed: apt-get install -y haproxy');
}

/** One app process on `port`, detached, writing its log to `<dir>/app-<port>.log`. */
export function startApp(
  state: Pick<ClusterState, 'dir' | 'primaryUrl' | 'replicaUrl'>,
  port: number,
  env: Record<string, string> = {},
): ChildProcess {
  const log = openSync(join(state.dir, `app-${port}.log`), 'a');
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATABASE_URL: state.primaryUrl,
      READ_DATABASE_URL: state.replicaUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      ...env,
    },
  });
  child.unref();
  return child;
}

/** Waits until `url` answers 200, or fails after `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts HAProxy in the background with deploy/haproxy.cfg, in front of the app ports. */
export function startBalancer(dir: string, ports: ClusterPorts): string {
  const pidFile = join(dir, 'haproxy.pid');
  execFileSync(haproxyPath(), ['-D', '-p', pidFile, '-f', join(root, 'deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      STOCKYARD_LISTEN: `127.0.0.1:${ports.balancer}`,
      ...Object.fromEntries(ports.apps.map((port, i) => [`STOCKYARD_APP${i + 1}`, `127.0.0.1:${port}`])),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return pidFile;
}

/**
 * Starts the databases in `dir` (a primary and its replica, made the first time) and starts the app processes and the
 * balancer; answers once the balancer serves a ready app. `env` is given to every app process.
 */
export async function startCluster(
  dir: string,
  ports: ClusterPorts,
  options: { env?: Record<string, string>; durable?: boolean } = {},
): Promise<{ state: ClusterState; pair: PostgresPair }> {
  if (existsSync(join(dir, STATE_FILE))) throw new Error(`A cluster is already running from ${dir}: stop it first.`);
  haproxyPath();
  mkdirSync(dir, { recursive: true });
  // PostgreSQL's account passes through it to its own folder (it cannot list it).
  chmodSync(dir, 0o711);
  const pair = openPostgresPair(join(dir, 'postgres'), ports.postgres, { durable: options.durable ?? true });
  const partial = { dir, primaryUrl: pair.primary.url, replicaUrl: pair.replica.url };
  const apps = ports.apps.map((port) => startApp(partial, port, options.env));
  await Promise.all(ports.apps.map((port) => waitUntilAnswering(`http://127.0.0.1:${port}/api/ready`, 60_000)));
  const haproxyPidFile = startBalancer(dir, ports);
  const url = `http://127.0.0.1:${ports.balancer}`;
  await waitUntilAnswering(`${url}/api/ready`, 30_000);
  const state: ClusterState = { ...partial, url, ports, appPids: apps.map((app) => app.pid as number), haproxyPidFile };
  writeFileSync(join(dir, STATE_FILE), JSON.stringify(state, null, 2));
  return { state, pair };
}

function kill(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

async function untilGone(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (kill(pid, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (kill(pid, 0)) kill(pid, 'SIGKILL');
}

/** Stops what startCluster started from `dir`: the balancer, the app processes, then the replica and the primary. */
export async function stopCluster(dir: string): Promise<boolean> {
  const file = join(dir, STATE_FILE);
  if (!existsSync(file)) return false;
  const state = JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
  if (existsSync(state.haproxyPidFile)) {
    const pid = Number(readFileSync(state.haproxyPidFile, 'utf8').trim());
    if (kill(pid, 'SIGTERM')) await untilGone(pid, 10_000);
  }
  for (const pid of state.appPids) kill(pid, 'SIGTERM');
  await Promise.all(state.appPids.map((pid) => untilGone(pid, 15_000)));
  for (const server of ['replica', 'primary']) {
    const dataDir = join(dir, 'postgres', server);
    if (existsSync(join(dataDir, 'postmaster.pid'))) stopPostgres(dataDir);
  }
  rmSync(file, { force: true });
  return true;
}
