// `npm run backup -- <file>` and `npm run restore -- <file>`.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from './config';
import { BACKUP_TABLES, type Backup, dumpDatabase, loadBackup } from './db/backup';
import { openPglite, openPostgres } from './db/client';
import { requestBackupFromServer } from './db/control-socket';
import { DataDirLockedError, lockDataDir } from './db/data-dir';
import { migrate } from './db/migrate';

function encode(file: string, backup: Backup | Buffer): Buffer {
  const gzipped = Buffer.isBuffer(backup) ? backup : gzipSync(JSON.stringify(backup));
  return file.endsWith('.gz') ? gzipped : gunzipSync(gzipped);
}

function decode(file: string): Backup {
  const bytes = readFileSync(file);
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return JSON.parse((isGzip ? gunzipSync(bytes) : bytes).toString('utf8'));
}

function summary(backup: Backup): string {
  return BACKUP_TABLES.map((table) => `${table} ${backup.tables[table]?.length ?? 0}`).join(', ');
}

async function backup(file: string): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, 2, 0);
    try {
      writeFileSync(file, encode(file, await dumpDatabase(database.db)));
    } finally {
      await database.close();
    }
  } else {
    const fromServer = await requestBackupFromServer(config.dataDir);
    if (fromServer) {
      writeFileSync(file, encode(file, fromServer));
    } else {
      const dbDir = join(config.dataDir, 'db');
      if (!existsSync(dbDir)) throw new Error(`There is no database in ${config.dataDir}.`);
      const release = lockDataDir(config.dataDir);
      const database = await openPglite(dbDir);
      try {
        writeFileSync(file, encode(file, await dumpDatabase(database.db)));
      } finally {
        await database.close();
        release();
      }
    }
  }
  console.log(`Backup written to ${file}: ${summary(decode(file))}`);
}

async function restore(file: string): Promise<void> {
  const config = loadConfig();
  const content = decode(file);
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, 2, 0);
    try {
      await migrate(database);
      await loadBackup(database.db, content);
    } finally {
      await database.close();
    }
    console.log(`Restored into PostgreSQL: ${summary(content)}`);
    return;
  }
  // The lock refuses while Stockyard runs on this folder: a restore replaces its database.
  const release = lockDataDir(config.dataDir);
  const scratch = join(config.dataDir, `db.restoring-${process.pid}`);
  try {
    rmSync(scratch, { recursive: true, force: true });
    const database = await openPglite(scratch);
    try {
      await migrate(database);
      await loadBackup(database.db, content);
    } finally {
      await database.close();
    }
    const dbDir = join(config.dataDir, 'db');
    if (existsSync(dbDir)) {
      const kept = join(config.dataDir, `db.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      renameSync(dbDir, kept);
      console.log(`The previous database is kept in ${kept}`);
    }
    renameSync(scratch, dbDir);
    console.log(`Restored into ${dbDir}: ${summary(content)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    release();
  }
}

const [command, file] = process.argv.slice(2);
const commands: Record<string, (file: string) => Promise<void>> = { backup, restore };
const run = command ? commands[command] : undefined;
if (!run || !file) {
  console.error('Usage: npm run backup -- <file[.json.gz]>   |   npm run restore -- <file>');
  process.exit(2);
}
run(file).catch((error: Error) => {
  console.error(error instanceof DataDirLockedError ? `${error.message} Stop Stockyard before restoring.` : `Failed: ${error.message}`);
  process.exit(1);
});
