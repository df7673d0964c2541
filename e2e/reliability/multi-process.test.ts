// Two server processes on one PostgreSQL: the invariants, sessions and sign-in limits hold across both.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openPostgres } from '../../server/src/db/client';
import { watchSessionChanges } from '../../server/src/lib/auth/session-changes';
import { call, login, type RunningServer, seedStock, startServer } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('two processes on one PostgreSQL', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  const name = `stockyard_multi_${Date.now()}`;
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;

  before(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    // Both start at once: migrations take turns, one first admin is created, one JWT secret kept.
    [a, b] = await Promise.all([startServer({ DATABASE_URL: url.toString() }), startServer({ DATABASE_URL: url.toString() })]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('lets exactly the available stock through when both take the last units at once', async () => {
    const tokenA = await login(a.url);
    const tokenB = await login(b.url);
    const { materialId } = await seedStock(a.url, tokenA, 100);
    const requests = Array.from({ length: 300 }, (_, i) =>
      call(i % 2 ? a.url : b.url, '/api/user/consume-stock', {
        method: 'POST',
        token: i % 2 ? tokenA : tokenB,
        body: { productId: materialId, quantity: 1 },
      }),
    );
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    const counts = { ok: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s === 409).length };
    console.log(`two processes, 300 issues of 1 against 100: ${counts.ok} × 200, ${counts.refused} × 409`);
    assert.deepEqual(counts, { ok: 100, refused: 200 });
    const products = await call<{ _id: string; availableQuantity: number; consumedQuantity: number }[]>(b.url, '/api/products', {
      token: tokenB,
    });
    assert.deepEqual(
      products.body.filter((p) => p._id === materialId).map((p) => [p.availableQuantity, p.consumedQuantity]),
      [[0, 100]],
    );
  });

  it('refuses on one process a token revoked through the other, as soon as the change is announced', async () => {
    const token = await login(a.url);
    // B checks the session once and then serves it from memory.
    for (let i = 0; i < 3; i += 1) assert.equal((await call(b.url, '/api/stores', { token })).status, 200);
    assert.equal((await call(a.url, '/api/auth/logout', { method: 'POST', token })).status, 200);
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 1_000) status = (await call(b.url, '/api/stores', { token })).status;
    console.log(`a session revoked on A was refused by B after ${(performance.now() - revokedAt).toFixed(1)} ms`);
    assert.equal(status, 401);
  });

  it('reads sessions from the database while it cannot hear the announcements, and listens again', async () => {
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 2);
    const changes = watchSessionChanges(database);
    try {
      const until = async (wanted: boolean) => {
        for (let i = 0; i < 100 && changes.canCacheSessions() !== wanted; i += 1) await new Promise((r) => setTimeout(r, 50));
        return changes.canCacheSessions();
      };
      assert.equal(await until(true), true);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'listen stockyard_sessions' and pid <> pg_backend_pid()`,
        [name],
      );
      assert.equal(await until(false), false);
      assert.equal(await until(true), true);
    } finally {
      await changes.close();
      await database.close();
    }
  });

  it('counts failed sign-ins across both processes', async () => {
    const email = 'nobody-here@example.com';
    for (let i = 0; i < 10; i += 1) {
      const response = await call(i % 2 ? a.url : b.url, '/auth/login', { method: 'POST', body: { email, password: 'wrong password' } });
      assert.equal(response.status, 401);
    }
    assert.equal((await call(a.url, '/auth/login', { method: 'POST', body: { email, password: 'wrong password' } })).status, 429);
    assert.equal((await call(b.url, '/auth/login', { method: 'POST', body: { email, password: 'wrong password' } })).status, 429);
  });
});
