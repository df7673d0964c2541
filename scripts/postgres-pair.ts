// A PostgreSQL primary and its streaming replica on this machine, each in a folder and on a port of
// its own, made with PostgreSQL's own tools (initdb, pg_basebackup, pg_ctl).
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type PostgresServer = { dir: string; port: number; url: string };

export type PostgresPair = {
  primary: PostgresServer;
  replica: PostgresServer;
  /** Starts (again) or stops one of the two, waiting until it has. */
  start(server: PostgresServer): void;
  stop(server: PostgresServer): void;
};

/** The newest installed PostgreSQL's programs, or PG_BIN's. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((dir) => existsSync(join(dir, 'initdb')));
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); set PG_BIN to its programs.');
  return bin;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres account. */
function run(program: string, args: string[]): string {
  const path = join(postgresBin(), program);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : path, asRoot ? ['-u', 'postgres', '--', path, ...args] : args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A folder of the account PostgreSQL runs as. */
function ownFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.getuid?.() !== 0) return;
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, idOf('-u'), idOf('-g'));
}

/** Starts the server of a data folder, logging beside it, and waits until it accepts connections. */
export function startPostgres(dataDir: string): void {
  run('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '60', 'start']);
}

/** Stops the server of a data folder (fast: open sessions are ended) and waits until it has. */
export function stopPostgres(dataDir: string): void {
  run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
}

function serverAt(dir: string, port: number): PostgresServer {
  return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** The pair of `root` (as createPostgresPair made it), started again; a new pair if there is none. */
export function openPostgresPair(root: string, port: number, options: { durable: boolean }): PostgresPair {
  if (!existsSync(join(root, 'replica', 'PG_VERSION'))) return createPostgresPair(root, port, options);
  const pair = pairAt(root, port);
  pair.start(pair.primary);
  pair.start(pair.replica);
  return pair;
}

function pairAt(root: string, port: number): PostgresPair {
  return {
    primary: serverAt(join(root, 'primary'), port),
    replica: serverAt(join(root, 'replica'), port + 1),
    start: (server) => startPostgres(server.dir),
    stop: (server) => stopPostgres(server.dir),
  };
}

/**
 * Makes a primary in `<root>/primary` on `port` and a streaming replica of it in `<root>/replica` on
 * `port + 1`, and starts both. `durable: false` (tests) skips fsync: fast, and lost on a power cut.
 */
export function createPostgresPair(root: string, port: number, options: { durable: boolean }): PostgresPair {
  ownFolder(root);
  const pair = pairAt(root, port);
  const { primary, replica } = pair;
  ownFolder(primary.dir);
  run('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${root}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    // A long report on the replica is not cancelled by the primary's cleanup of rows it still reads.
    'hot_standby_feedback = on',
    ...(options.durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
  ];
  writeFileSync(join(primary.dir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  pair.start(primary);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-D',
    replica.dir,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
  ]);
  // The copy carries the primary's settings; the replica listens on its own port.
  appendFileSync(join(replica.dir, 'postgresql.auto.conf'), `port = ${replica.port}\n`);
  pair.start(replica);
  return pair;
}
