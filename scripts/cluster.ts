// npm run cluster: the production topology on this machine (a PostgreSQL primary and its streaming
// replica, three app processes, HAProxy in front); `npm run cluster -- stop` stops what it started.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, startCluster, stopCluster } from './cluster-topology';

const dir = resolve(process.env.CLUSTER_DIR ?? `${root}/.cluster`);
const balancer = Number(process.env.CLUSTER_PORT ?? 3100);
const ports = { balancer, apps: [balancer + 1, balancer + 2, balancer + 3], postgres: Number(process.env.CLUSTER_PG_PORT ?? 5440) };

async function main(command: string | undefined): Promise<void> {
  if (command === 'stop') {
    console.log((await stopCluster(dir)) ? `Stopped the cluster of ${dir}.` : `No cluster is running from ${dir}.`);
    return;
  }
  if (command !== undefined) throw new Error(`Unknown command "${command}": use npm run cluster, or npm run cluster -- stop`);
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const { state } = await startCluster(dir, ports);
  console.log(`${firstAdminLines(dir)}
Stockyard is running on ${state.url}
  HAProxy ${state.url} -> app processes on ports ${ports.apps.join(', ')} (logs: ${dir}/app-<port>.log)
  PostgreSQL primary ${state.primaryUrl}, streaming replica ${state.replicaUrl}
  Metrics per process: http://127.0.0.1:${ports.apps[0]}/metrics
The databases stay in ${dir}/postgres between runs; delete ${dir} (once stopped) to start afresh.
Stop it all with: npm run cluster -- stop`);
}

/** What the process that created the first admin printed of it (ADMIN_EMAIL, ADMIN_PASSWORD), if one did. */
function firstAdminLines(from: string): string {
  const logs = readdirSync(from).filter((name) => /^app-\d+\.log$/.test(name));
  const text = logs.map((name) => readFileSync(join(from, name), 'utf8')).join('\n');
  return text.match(/First admin created: .*\n(Password \(shown only this once\): .*\n)?/)?.[0] ?? '';
}

main(process.argv[2]).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
