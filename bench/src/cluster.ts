// npm run bench:cluster [-- --quick]: what the cluster of `npm run cluster` costs and what its replica is
// worth, as ratios taken in one run on this machine: movement throughput through HAProxy and three
// processes against one process alone, and the cluster's write p99 while four connections build big
// reports (served by the replica) against its write p99 with no reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../e2e/reliability/app-process';
import { root, startCluster, stopCluster } from '../../scripts/cluster-topology';
import { openPostgres } from '../../server/src/db/client';
import { anyOf, movementRequest, prepareBenchData, signedIn } from './dataset';
import { type LoadOptions, load, type Measurement, medianOf } from './measure';
import { BENCH_USERS } from './seed';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    runs: { type: 'string' },
    connections: { type: 'string', default: '30' },
    movements: { type: 'string', default: '300000' },
  },
});
const duration = Number(values.duration ?? (values.quick ? 3 : 10));
const runs = Number(values.runs ?? (values.quick ? 3 : 5));
const connections = Number(values.connections);
const log = (message: string) => console.log(message);

const dir = mkdtempSync(join(tmpdir(), 'stockyard-bench-cluster-'));
const ports = { balancer: await freePort(), apps: [await freePort(), await freePort(), await freePort()], postgres: await freePort() };
const env = { REQUIRE_ADMIN_MFA: 'false', LOG_LEVEL: 'warn' };

/** Two loads measured in turn, `runs` times each, after a warm-up of each: their medians. */
async function inTurn(a: () => Promise<Measurement>, b: () => Promise<Measurement>): Promise<[Measurement, Measurement]> {
  await a();
  await b();
  const as: Measurement[] = [];
  const bs: Measurement[] = [];
  for (let run = 0; run < runs; run += 1) {
    as.push(await a());
    bs.push(await b());
  }
  return [medianOf(as), medianOf(bs)];
}

async function readsOnReplica(): Promise<number> {
  let total = 0;
  for (const port of ports.apps) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    total += Number(/^stockyard_replica_reads_total\{route="replica"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

try {
  log(
    `cluster in ${dir}: HAProxy on ${ports.balancer}, apps on ${ports.apps.join(', ')}, PostgreSQL on ${ports.postgres} and ${ports.postgres + 1}`,
  );
  const { state } = await startCluster(dir, ports, { env });
  const seedStarted = performance.now();
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/src/seed-cli.ts',
      '--db',
      'postgres',
      '--stores',
      '20',
      '--materials',
      '5000',
      '--materials-per-store',
      '50',
    ].concat(['--tools', '200', '--movements', String(values.movements)]),
    { cwd: root, env: { ...process.env, DATABASE_URL: state.primaryUrl }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error('The seed failed.');
  const database = openPostgres(state.primaryUrl, 2);
  const data = await prepareBenchData(database.db);
  await database.close();
  log(`seeded ${values.movements} movements in ${Math.round((performance.now() - seedStarted) / 1000)} s`);

  const keeper = await signedIn(state.url, BENCH_USERS.keeper);
  const admin = await signedIn(state.url, BENCH_USERS.admin);
  const writes = (url: string, writeConnections: number): LoadOptions => ({
    url: `${url}/api/user/consume-stock`,
    method: 'POST',
    connections: writeConnections,
    duration,
    headers: keeper,
    next: movementRequest(() => anyOf(data.itemIds)),
  });
  const one = `http://127.0.0.1:${ports.apps[0]}`;

  // The topology's cost: the same write load on one process alone, and through HAProxy on three.
  const [alone, cluster] = await inTurn(
    () => load(writes(one, connections)),
    () => load(writes(state.url, connections)),
  );
  const throughput = cluster.requestsPerSecond / alone.requestsPerSecond;
  log(
    `movement POST: one process ${Math.round(alone.requestsPerSecond)} req/s, three behind HAProxy ${Math.round(cluster.requestsPerSecond)} req/s: ${(100 * throughput).toFixed(0)} % (target ≥ 90 %)`,
  );

  // Month-end: the cluster's writes alone, and beside four connections building the big store's
  // report over ranges not asked for yet (so each is built, on the replica).
  const reportPath = () => {
    const days = 30 + Math.floor(Math.random() * 300);
    const start = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    return `/api/report/generate-report?storeId=${data.bigStore.id}&startDate=${start}&endDate=${data.range.end}`;
  };
  const reports: LoadOptions = {
    url: `${state.url}${reportPath()}`,
    connections: 4,
    duration,
    headers: admin,
    next: () => ({ path: reportPath() }),
  };
  const replicaBefore = await readsOnReplica();
  let reportsServed = 0;
  const [quiet, busy] = await inTurn(
    () => load(writes(state.url, 5)),
    async () => {
      const [written, read] = await Promise.all([load(writes(state.url, 5)), load(reports)]);
      reportsServed += read.requestsPerSecond * duration;
      return written;
    },
  );
  const onReplica = (await readsOnReplica()) - replicaBefore;
  const p99Ratio = busy.p99 / Math.max(quiet.p99, 1);
  log(
    `writes beside big reports: p99 ${busy.p99} ms against ${quiet.p99} ms alone: ${p99Ratio.toFixed(2)}× (target ≤ 2×); ${Math.round(reportsServed)} reports built meanwhile, ${onReplica} reads served by the replica`,
  );

  // Each process's metrics page after the load, as Prometheus would scrape it.
  const pages = await Promise.all(
    ports.apps.map(async (port) => `# ---- app process on port ${port}\n${await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()}`),
  );
  writeFileSync(join(root, 'bench/results/cluster-metrics.txt'), pages.join('\n'));

  const failures = [alone, cluster, quiet, busy].reduce((sum, m) => sum + m.non2xx + m.errors, 0);
  const summary = [
    `# The cluster (${new Date().toISOString()})`,
    '',
    `${cpus().length} cores; HAProxy, three app processes, a PostgreSQL primary and its streaming replica on this one machine;`,
    `${values.movements} movements seeded; median of ${runs} runs of ${duration} s each, in turn.`,
    '',
    '| measure | figure | target |',
    '|---|---|---|',
    `| movement POST, ${connections} connections: three processes behind HAProxy / one process alone | ${(100 * throughput).toFixed(0)} % (${Math.round(cluster.requestsPerSecond)} / ${Math.round(alone.requestsPerSecond)} req/s) | ≥ 90 % |`,
    `| write p99 (5 connections) beside 4 connections of big reports / alone | ${p99Ratio.toFixed(2)}× (${busy.p99} / ${quiet.p99} ms) | ≤ 2× |`,
    `| reports built meanwhile; reads the replica served | ${Math.round(reportsServed)}; ${onReplica} | |`,
    `| failed requests | ${failures} | 0 |`,
    '',
  ].join('\n');
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/cluster.md'), summary);
  log(summary);
  if (failures > 0) throw new Error(`${failures} requests failed`);
  if (values.quick && (throughput < 0.45 || p99Ratio > 4)) throw new Error('The cluster is past twice its margin.');
} finally {
  await stopCluster(dir);
  rmSync(dir, { recursive: true, force: true });
}
