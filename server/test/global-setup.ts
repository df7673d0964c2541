// Once for the whole server suite: a database with every migration applied, which each test's app
// starts from instead of creating a database and migrating it (seconds each, fifty times over).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openPglite, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On PGlite: the file holding the migrated database's snapshot. */
    pgliteSnapshotFile: string;
    /** On PostgreSQL: the migrated database that each test's database is created from. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `stockyard_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${template}`);
    const database = openPostgres(databaseUrl(serverUrl, template), 2);
    await migrate(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshotFile', '');
    return () => adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
  }
  const folder = await mkdtemp(join(tmpdir(), 'stockyard-test-'));
  const database = await openPglite();
  await migrate(database);
  const file = join(folder, 'migrated.tar');
  await writeFile(file, await dumpPglite(database));
  await database.close();
  project.provide('pgliteSnapshotFile', file);
  project.provide('postgresTemplate', '');
  return () => rm(folder, { recursive: true, force: true });
}
