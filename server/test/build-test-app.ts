import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { watchSessionChanges } from '../src/lib/auth/session-changes';
import { adminQuery, databaseUrl } from './postgres-admin';

export type TestApp = {
  app: FastifyInstance;
  /** Every route the app registered, as Fastify saw it. */
  routes: RouteOptions[];
  database: Database;
  close(): Promise<void>;
};

/**
 * A fresh app on a fresh database with the real migrations: in-memory PGlite, or a new
 * PostgreSQL database on the server named by TEST_DATABASE_URL (dropped again on close). Each starts
 * as a copy of the suite's migrated database (global-setup.ts), and migrating it again finds nothing to do.
 * With `existing`, the app runs on that database as it is (the caller migrates it), and closes it.
 */
export async function buildTestApp(
  options: Pick<
    AppOptions,
    'timeZone' | 'currency' | 'requireAdminMfa' | 'mail' | 'apiTokenRequestsPerMinute' | 'webhooks' | 'oidc' | 'metricsToken' | 'filesDir'
  > = {},
  existing?: { database: Database; drop(): Promise<void> },
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (existing) {
    database = existing.database;
    dropDatabase = existing.drop;
  } else if (serverUrl) {
    const name = `stockyard_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
    database = openPostgres(databaseUrl(serverUrl, name), 20);
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    database = await openPglite(undefined, await readFile(inject('pgliteSnapshotFile')));
  }
  if (!existing) await migrate(database);
  const sessionChanges = watchSessionChanges(database);
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    onRoute: (route) => routes.push(route),
    db: database.db,
    tokens: { secret: randomBytes(32), ttlSeconds: 3600, canCacheSessions: sessionChanges.canCacheSessions },
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    timeZone: options.timeZone,
    currency: options.currency,
    requireAdminMfa: options.requireAdminMfa,
    mail: options.mail,
    apiTokenRequestsPerMinute: options.apiTokenRequestsPerMinute,
    webhooks: options.webhooks,
    oidc: options.oidc,
    metricsToken: options.metricsToken,
    filesDir: options.filesDir,
    poolStats: database.poolStats,
  });
  await app.ready();
  return {
    app,
    routes,
    database,
    async close() {
      await app.close();
      await sessionChanges.close();
      await database.close();
      await dropDatabase();
    },
  };
}
