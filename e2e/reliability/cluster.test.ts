// The cluster of `npm run cluster` (HAProxy, three app processes, a PostgreSQL primary and its
// streaming replica) under faults: a process killed with -9 under load, the replica stopped under
// reads, and the primary restarted.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type ClusterState, startCluster, stopCluster } from '../../scripts/cluster-topology';
import type { PostgresPair } from '../../scripts/postgres-pair';
import { ADMIN, call, freePort, login, seedStock } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A phone's issue of 1: sent again with the same Idempotency-Key until the cluster acknowledges it (at most 30 tries). */
async function issueUntilAcknowledged(url: string, token: string, productId: string, statuses: number[]): Promise<boolean> {
  const key = randomUUID();
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const status = await call(url, '/api/user/consume-stock', { method: 'POST', token, body: { productId, quantity: 1 }, key })
      .then((answer) => answer.status)
      .catch(() => 0);
    statuses.push(status);
    if (status === 200) return true;
    await sleep(100);
  }
  return false;
}

async function consumed(url: string, token: string): Promise<number> {
  const { body } = await call<{ consumedQuantity: number }[]>(url, '/api/products?limit=1', { token });
  return (body[0] as { consumedQuantity: number }).consumedQuantity;
}

async function readsToReplica(state: ClusterState): Promise<number> {
  let total = 0;
  for (const port of state.ports.apps) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`)
      .then((response) => response.text())
      .catch(() => '');
    total += Number(/^stockyard_replica_reads_total\{route="replica"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

describe('the cluster behind HAProxy', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'stockyard-cluster-'));
  let state: ClusterState;
  let pair: PostgresPair;
  let token: string;
  let materialId: string;

  before(async () => {
    const ports = { balancer: await freePort(), apps: [await freePort(), await freePort(), await freePort()], postgres: await freePort() };
    const env = { REQUIRE_ADMIN_MFA: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
    ({ state, pair } = await startCluster(dir, ports, { env, durable: false }));
    token = await login(state.url);
    ({ materialId } = await seedStock(state.url, token, 100_000));
  });

  after(async () => {
    await stopCluster(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('routes around a process killed with -9 under load: every acknowledged issue is recorded once', async () => {
    const before = await consumed(state.url, token);
    const statuses: number[] = [];
    let acknowledged = 0;
    let acknowledgedAfterKill = 0;
    let killed = false;
    const started = Date.now();
    const phone = async () => {
      while (Date.now() - started < 5_000) {
        if (await issueUntilAcknowledged(state.url, token, materialId, statuses)) {
          acknowledged += 1;
          if (killed) acknowledgedAfterKill += 1;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, phone));
    await sleep(1_500);
    process.kill(state.appPids[1] as number, 'SIGKILL');
    killed = true;
    await load;
    assert.equal((await consumed(state.url, token)) - before, acknowledged);
    assert.ok(acknowledgedAfterKill > 20, `${acknowledgedAfterKill} issues acknowledged after the kill`);
    const failed = statuses.filter((status) => status !== 200);
    console.log(
      `${acknowledged} issues acknowledged (${acknowledgedAfterKill} after the kill); ${failed.length} tries failed and were resent: ${[...new Set(failed)].join(', ') || 'none'}`,
    );
  });

  it('answers every report while the replica stops, from the primary within 5 s', async () => {
    // A read of the export until the replica serves it: the admin's own writes have been replayed.
    await (async () => {
      const deadline = Date.now() + 10_000;
      const start = await readsToReplica(state);
      while ((await readsToReplica(state)) === start && Date.now() < deadline) await call(state.url, '/api/dashboard', { token });
    })();
    assert.ok((await readsToReplica(state)) > 0);
    const stopped = Date.now();
    pair.stop(pair.replica);
    const statuses: number[] = [];
    while (Date.now() - stopped < 5_000) statuses.push((await call(state.url, '/api/dashboard', { token })).status);
    const onReplica = await readsToReplica(state);
    for (let i = 0; i < 10; i += 1) statuses.push((await call(state.url, '/api/dashboard', { token })).status);
    assert.deepEqual([...new Set(statuses)], [200]);
    assert.equal(await readsToReplica(state), onReplica, 'no read went to the stopped replica after 5 s');
    pair.start(pair.replica);
  });

  it('answers 503, never 500, while the primary restarts, and recovers by itself; an issue resent throughout is recorded once', async () => {
    const before = await consumed(state.url, token);
    pair.stop(pair.primary);
    const key = randomUUID();
    const statuses: number[] = [];
    const down = Date.now();
    while (Date.now() - down < 4_000) {
      const [list, issue] = await Promise.all([
        call(state.url, '/api/products?limit=1', { token }),
        call(state.url, '/api/user/consume-stock', { method: 'POST', token, body: { productId: materialId, quantity: 1 }, key }),
      ]);
      statuses.push(list.status, issue.status);
      await sleep(100);
    }
    assert.deepEqual([...new Set(statuses)], [503]);
    pair.start(pair.primary);
    const back = Date.now();
    let answer = { status: 0 };
    while (answer.status !== 200 && Date.now() - back < 30_000) {
      answer = await call(state.url, '/api/user/consume-stock', {
        method: 'POST',
        token,
        body: { productId: materialId, quantity: 1 },
        key,
      });
      if (answer.status !== 200) {
        assert.equal(answer.status, 503);
        await sleep(200);
      }
    }
    assert.equal(answer.status, 200);
    console.log(`back ${Date.now() - back} ms after the primary started`);
    assert.equal((await consumed(state.url, token)) - before, 1);
  });
});
