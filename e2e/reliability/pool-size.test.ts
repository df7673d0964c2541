// DATABASE_POOL_SIZE caps the connections one process opens to PostgreSQL, however many requests arrive at
// once: an operator running several processes keeps their sum under the server's max_connections.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { call, freshDatabase, login, startServer } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The connections open to the database `url` names, from any client. */
async function connectionsTo(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** A hundred lists asked for at once of a process started with `env`; the connections it then holds. */
async function connectionsAfterABurst(env: Record<string, string>): Promise<number> {
  const database = await freshDatabase(serverUrl as string, 'stockyard_pool');
  const server = await startServer({ DATABASE_URL: database.url, ...env });
  try {
    const token = await login(server.url);
    const answers = await Promise.all(Array.from({ length: 100 }, () => call(server.url, '/api/stores', { token })));
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [200]);
    // The pool keeps a connection 10 s after its last use, so what the burst opened is still open here.
    return await connectionsTo(database.url);
  } finally {
    await server.stop();
    await database.drop();
  }
}

describe('the database pool', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  it('opens at most DATABASE_POOL_SIZE connections (and the one that listens for revoked sessions)', async () => {
    const capped = await connectionsAfterABurst({ DATABASE_POOL_SIZE: '2' });
    const unset = await connectionsAfterABurst({});
    console.log(`connections after 100 requests at once: ${capped} with DATABASE_POOL_SIZE=2, ${unset} without`);
    assert.ok(capped <= 3, `${capped} connections`);
    assert.ok(unset > 3, `the same burst opens more without the setting (${unset})`);
  });
});
