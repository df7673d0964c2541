import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dumpDatabase } from './backup';
import type { Db } from './client';

/** The local socket through which `npm run backup` asks the running server for a snapshot. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'stockyard.sock');
}

/**
 * Listens on a Unix socket in the data folder (only the folder's owner can reach it) and answers
 * `GET /backup` with a gzipped snapshot, so a backup needs no second process on the database.
 */
export async function startControlSocket(dataDir: string, db: Db, log: (message: string) => void): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir);
  if (path.length > 100) {
    log(`The data folder path is too long for a control socket; stop the server to back it up (${path}).`);
    return async () => {};
  }
  rmSync(path, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dumpDatabase(db)
      .then((backup) => res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(JSON.stringify(backup))))
      .catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Asks a running server for a gzipped backup; undefined when no server answers on the socket. */
export function requestBackupFromServer(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`The server could not make a backup: ${Buffer.concat(chunks)}`)),
      );
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}
