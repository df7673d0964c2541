// The app's PostgreSQL pool cancels any statement that runs past STATEMENT_TIMEOUT (PGlite cannot).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';
import { databaseErrorCode, QUERY_CANCELED } from '../../server/src/lib/errors';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('statements on PostgreSQL', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  it('are cancelled after the statement timeout, and the pool goes on answering', async () => {
    const database = openPostgres(serverUrl as string, 1, 100);
    try {
      const started = performance.now();
      await assert.rejects(database.db.execute(sql`select pg_sleep(2)`), (error) => databaseErrorCode(error) === QUERY_CANCELED);
      assert.ok(performance.now() - started < 1500, 'cancelled long before the statement would have ended');
      assert.deepEqual(await queryRows(database.db, sql`select 1 as n`), [{ n: 1 }]);
    } finally {
      await database.close();
    }
  });
});
