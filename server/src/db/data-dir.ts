import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type Database, openPglite } from './client';
import { migrate } from './migrate';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'stockyard.lock';
const DB_FOLDER = 'db';
const CREATING_PREFIX = 'db.creating-';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process alone: PGlite corrupts a data folder that two processes
 * open. The lock file holds our pid; a lock left by a process that is gone is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const owner = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, owner, { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(lockPath);
    if (holder && holder.host === hostname() && isAlive(holder.pid)) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Stockyard process (pid ${holder.pid}). ` +
          'Stop that process, or start this one with another DATA_DIR.',
      );
    }
    if (holder && holder.host !== hostname()) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is locked by a process on ${holder.host}; remove ${lockPath} once it has stopped.`,
      );
    }
    rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}; another process is starting on it.`);
}

function readLock(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const value = JSON.parse(readFileSync(lockPath, 'utf8'));
    return typeof value.pid === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the embedded database of a locked data folder. A first start builds it in a scratch folder
 * and renames that into place once migrated, so a start cut short never leaves a half-made database.
 */
export async function openDataDir(dataDir: string, log: (message: string) => void): Promise<Database> {
  const dbDir = join(dataDir, DB_FOLDER);
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith(CREATING_PREFIX)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
  if (!existsSync(dbDir)) {
    log(`Creating a new database in ${dbDir}`);
    const scratch = join(dataDir, `${CREATING_PREFIX}${process.pid}`);
    const fresh = await openPglite(scratch);
    await migrate(fresh);
    await fresh.close();
    renameSync(scratch, dbDir);
  }
  return openPglite(dbDir);
}
