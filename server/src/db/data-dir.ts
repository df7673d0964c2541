import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = join(dataDir, LOCK_FILE);
  const owner = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, owner, { flag: 'wx', mode: 0o600 });
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
    // PGlite sets its files' modes itself (0666), whatever the umask: close them before first use.
    secureDataDir(scratch, () => {});
    renameSync(scratch, dbDir);
  }
  const database = await openPglite(dbDir);
  // Files PGlite makes as it opens (its pid file) get its own modes too.
  secureDataDir(dbDir, () => {});
  return database;
}

/**
 * Makes the data folder this account's alone: the database in it holds the tokens' signing key and the
 * password hashes. Anything other accounts could read or write (a folder made before this check, or
 * files PGlite created with its own modes) is closed, with a warning saying how much was open. Files
 * the database creates later sit inside folders of mode 0700, which no other account can enter.
 */
export function secureDataDir(dataDir: string, warn: (message: string) => void): void {
  let opened = 0;
  const close = (path: string, isFolder: boolean) => {
    if ((statSync(path).mode & 0o077) === 0) return;
    chmodSync(path, isFolder ? 0o700 : 0o600);
    opened += 1;
  };
  close(dataDir, true);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory() || entry.isFile()) close(join(entry.parentPath, entry.name), entry.isDirectory());
  }
  if (opened > 0) {
    warn(`${opened} files and folders in ${dataDir} could be read by other accounts of this machine; they are now this account's alone.`);
  }
}
