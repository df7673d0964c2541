import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, openDataDir, secureDataDir } from './data-dir';
import { queryRows } from './sql';

/** A database made on disk from nothing runs every migration through the file system: slow on a busy machine. */
const MAKES_A_DATABASE = { timeout: 120_000 };

const folders: string[] = [];
function freshFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stockyard-data-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second lock while the first is held, and allows one after release', () => {
    const dir = freshFolder();
    const release = lockDataDir(dir);
    // The same pid looks alive, as another running process would.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Stockyard process/);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = freshFolder();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid as number)));
    writeFileSync(join(dir, 'stockyard.lock'), JSON.stringify({ pid: deadPid, host: hostname() }));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });
});

describe('opening the data folder', () => {
  it(
    'creates the database through a scratch folder, migrates it and sweeps away leftovers of an interrupted start',
    MAKES_A_DATABASE,
    async () => {
      const dir = freshFolder();
      mkdirSync(join(dir, 'db.creating-12345'));
      const database = await openDataDir(dir, () => {});
      try {
        expect(readdirSync(dir).filter((name) => name.startsWith('db.creating-'))).toEqual([]);
        expect(existsSync(join(dir, 'db'))).toBe(true);
        const rows = await queryRows<{ n: number }>(database.db, sql`select count(*) as n from users`);
        expect(rows[0]?.n).toBe(0);
      } finally {
        await database.close();
      }
      const reopened = await openDataDir(dir, () => {});
      await reopened.close();
    },
  );
});

describe('the data folder, which holds the signing key and the password hashes', () => {
  const modesUnder = (dir: string) =>
    [dir, ...readdirSync(dir, { recursive: true }).map((entry) => join(dir, String(entry)))].map((path) => statSync(path).mode & 0o777);

  it('is closed to other accounts at start, with a warning that says how much was open', () => {
    const dir = freshFolder();
    chmodSync(dir, 0o777);
    mkdirSync(join(dir, 'db', 'base'), { recursive: true, mode: 0o777 });
    writeFileSync(join(dir, 'db', 'pg_wal'), 'secret', { mode: 0o666 });
    writeFileSync(join(dir, 'db', 'base', 'table'), 'hashes', { mode: 0o644 });
    chmodSync(join(dir, 'db'), 0o755);
    chmodSync(join(dir, 'db', 'base'), 0o777);
    const warnings: string[] = [];
    secureDataDir(dir, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringMatching(/^5 files and folders in .* could be read by other accounts/)]);
    expect(modesUnder(dir).every((mode) => (mode & 0o077) === 0)).toBe(true);
    secureDataDir(dir, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
  });

  it('holds nothing another account can read once a new database is made in it', MAKES_A_DATABASE, async () => {
    const data = join(freshFolder(), 'data');
    const release = lockDataDir(data);
    const database = await openDataDir(data, () => {});
    await database.close();
    release();
    expect(modesUnder(data).filter((mode) => (mode & 0o077) !== 0)).toEqual([]);
    expect(statSync(data).mode & 0o777).toBe(0o700);
  });
});
