import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DbOrTx } from '../../db/client';
import { migrationsDir } from '../../paths';
import { appliedMigrationCount } from './health.repository';

/** How many migrations this build of the app brings. */
export function bundledMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Whether this process may take work: the database answers, and holds every migration this build brings. */
export async function readiness(db: DbOrTx, bundled: number): Promise<'ready' | 'unavailable' | 'migrating'> {
  const applied = await appliedMigrationCount(db).catch(() => null);
  if (applied === null) return 'unavailable';
  return applied < bundled ? 'migrating' : 'ready';
}
