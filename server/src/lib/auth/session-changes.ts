import pg from 'pg';
import type { Database } from '../../db/client';
import { forgetCheckedSessions } from './sessions';

/** The channel the 0005 migration's triggers notify when sessions, users or store assignments change. */
const CHANNEL = 'stockyard_sessions';
const RECONNECT_MS = 1_000;

export type SessionChanges = { canCacheSessions: () => boolean; close: () => Promise<void> };

/**
 * Says when checked sessions may be served from memory. PGlite: always, as one process holds the
 * data folder and its revocations forget the cache themselves. PostgreSQL: only while this process
 * listens for the changes other processes commit; while that connection is down, every request
 * reads its session from the database.
 */
export function watchSessionChanges(database: Database): SessionChanges {
  if (database.driver === 'pglite' || !database.url) return { canCacheSessions: () => true, close: async () => {} };
  const url = database.url;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    listening = false;
    forgetCheckedSessions();
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = undefined;
    if (!closed) retry = setTimeout(connect, RECONNECT_MS);
  };
  async function connect() {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', forgetCheckedSessions);
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (client !== next) return;
      // Whatever changed while nobody listened is read again.
      forgetCheckedSessions();
      listening = true;
    } catch {
      if (client === next) lost();
    }
  }
  void connect();

  return {
    canCacheSessions: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      listening = false;
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
}
