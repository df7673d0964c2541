// Reads from a real streaming replica: exports and reports go to it, a person who just wrote reads
// their write from any process, and reads go to the primary while the replica lags or is down.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createPostgresPair, type PostgresPair } from '../../scripts/postgres-pair';
import { call, freePort, login, type RunningServer, seedStock, startServer, until } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The Consumed column of the material's line in the keeper's materials CSV, and the answer's status. */
async function consumedOnExport(url: string, token: string, name: string): Promise<{ status: number; consumed?: number }> {
  const response = await fetch(`${url}/api/products/csv`, { headers: { authorization: `Bearer ${token}` } });
  const lines = (await response.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  const line = lines.find((text) => text.includes(name))?.split(',');
  return { status: response.status, consumed: line ? Number(line[header.indexOf('Consumed')]) : undefined };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const escaped = name.replace(/[{}"]/g, (c) => `\\${c}`);
  const match = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

const readsTo = (route: string) => `stockyard_replica_reads_total{route="${route}"}`;

describe('reads from a streaming replica', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  const root = mkdtempSync(join(tmpdir(), 'stockyard-replica-'));
  let pair: PostgresPair;
  let replicaSql: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let admin: string;
  let keeper: string;
  let materialId: string;
  let name: string;

  const issue = async (quantity: number) => {
    const answer = await call(a.url, '/api/user/consume-stock', {
      method: 'POST',
      token: admin,
      body: { productId: materialId, quantity },
    });
    assert.equal(answer.status, 200);
  };

  before(async () => {
    pair = createPostgresPair(root, await freePort(), { durable: false });
    const env = { DATABASE_URL: pair.primary.url, READ_DATABASE_URL: pair.replica.url, READ_MAX_LAG: '60s' };
    a = await startServer(env);
    b = await startServer(env);
    admin = await login(a.url);
    const seeded = await seedStock(a.url, admin, 100);
    materialId = seeded.materialId;
    const material = await call<{ name: string }[]>(a.url, `/api/products?limit=1`, { token: admin });
    name = (material.body[0] as { name: string }).name;
    const email = `replica.keeper.${Date.now()}@example.com`;
    const made = await call(a.url, '/api/auth/create-user', {
      method: 'POST',
      token: admin,
      body: { name: 'Rita Keeper', email, password: 'replica-keeper-pass', role: 'user', stores: [seeded.storeId] },
    });
    assert.equal(made.status, 201);
    keeper = await login(b.url, email, 'replica-keeper-pass');
    replicaSql = new pg.Client({ connectionString: pair.replica.url });
    await replicaSql.connect();
  });

  after(async () => {
    await replicaSql?.end().catch(() => {});
    await Promise.all([a?.stop(), b?.stop()]);
    for (const server of [pair?.replica, pair?.primary]) {
      if (server) {
        try {
          pair.stop(server);
        } catch {
          // already stopped
        }
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('sends an export to the replica once it has caught up', async () => {
    const before = await metric(b.url, readsTo('replica'));
    const read = await until(
      () => consumedOnExport(b.url, keeper, name),
      (answer) => answer.consumed === 0,
      10_000,
    );
    assert.equal(read.status, 200);
    assert.ok((await metric(b.url, readsTo('replica'))) > before);
  });

  it('shows a writer their own write from another process while the replica has not replayed it', async () => {
    await replicaSql.query('select pg_wal_replay_pause()');
    try {
      await issue(7);
      const ownWritesBefore = await metric(b.url, readsTo('own_write'));
      // The admin wrote through one process and reads through the other, at once: the primary answers.
      const mine = await consumedOnExport(b.url, admin, name);
      assert.deepEqual(mine, { status: 200, consumed: 7 });
      assert.equal(await metric(b.url, readsTo('own_write')), ownWritesBefore + 1);
      // The keeper wrote nothing since: the paused replica answers, without the admin's issue.
      assert.deepEqual(await consumedOnExport(b.url, keeper, name), { status: 200, consumed: 0 });
    } finally {
      await replicaSql.query('select pg_wal_replay_resume()');
    }
    await until(
      () => consumedOnExport(b.url, keeper, name),
      (answer) => answer.consumed === 7,
      10_000,
    );
  });

  it('reads from the primary while the replica is further behind than READ_MAX_LAG', async () => {
    const strict = await startServer({ DATABASE_URL: pair.primary.url, READ_DATABASE_URL: pair.replica.url, READ_MAX_LAG: '1s' });
    try {
      await replicaSql.query('select pg_wal_replay_pause()');
      await issue(3);
      const lag = await until(
        () => metric(strict.url, 'stockyard_replica_lag_seconds'),
        (seconds) => seconds > 1,
        10_000,
      );
      assert.ok(lag > 1);
      const lagging = await metric(strict.url, readsTo('lagging'));
      assert.deepEqual(await consumedOnExport(strict.url, keeper, name), { status: 200, consumed: 10 });
      assert.equal(await metric(strict.url, readsTo('lagging')), lagging + 1);
    } finally {
      await replicaSql.query('select pg_wal_replay_resume()');
      await strict.stop();
    }
  });

  it('answers every read while the replica stops, from the primary within 5 s, and goes back to it once it is up', async () => {
    await replicaSql.end();
    const stopped = Date.now();
    pair.stop(pair.replica);
    const answers: { at: number; status: number; consumed?: number }[] = [];
    while (Date.now() - stopped < 6_000) {
      answers.push({ at: Date.now() - stopped, ...(await consumedOnExport(b.url, keeper, name)) });
    }
    assert.ok(answers.length > 5);
    assert.deepEqual(
      answers.filter((answer) => answer.status !== 200 || answer.consumed !== 10),
      [],
    );
    const fromPrimary = (await metric(b.url, readsTo('unavailable'))) + (await metric(b.url, readsTo('failed')));
    assert.ok(fromPrimary >= answers.length - 1, `${fromPrimary} of ${answers.length} reads went to the primary`);

    pair.start(pair.replica);
    const onReplica = await metric(b.url, readsTo('replica'));
    await until(
      async () => {
        await consumedOnExport(b.url, keeper, name);
        return metric(b.url, readsTo('replica'));
      },
      (count) => count > onReplica,
      15_000,
    );
  });
});
