// The embedded database's own thread. PGlite runs every query synchronously on the thread that
// holds it, so a long report would freeze every other request of the server; here it only keeps
// this thread busy. The server side (pglite-remote.ts) sends queries and transaction steps; a
// transaction stays open, holding PGlite's lock, until the server says commit or roll back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const asText = (value) => value;
// Drizzle's own parsers for PGlite: dates, times and intervals come back as text, as from pg.
const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
);

const port = parentPort;
const transactions = new Map();
let lastTransactionId = 0;
let db;

function errorFields(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
}

function queryOptions(message) {
  return { rowMode: message.rowMode ?? 'object', ...(message.textDates ? { parsers: TEXT_PARSERS } : {}) };
}

/** Opens a transaction and keeps it open until `end` settles it. */
async function begin() {
  const id = ++lastTransactionId;
  let settle;
  const ended = new Promise((resolve, reject) => {
    settle = { commit: resolve, rollback: reject };
  });
  ended.catch(() => {});
  const tx = await new Promise((resolve, reject) => {
    const finished = db.transaction(async (tx) => {
      resolve(tx);
      await ended;
    });
    finished.catch(reject);
    transactions.set(id, { settle, finished });
  });
  transactions.get(id).tx = tx;
  return id;
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  if (commit) {
    open.settle.commit();
    await open.finished;
  } else {
    open.settle.rollback(new Error('rolled back'));
    await open.finished.catch(() => {});
  }
}

function target(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`No open transaction ${message.tx}`);
  return open.tx;
}

async function handle(message) {
  switch (message.kind) {
    case 'query':
      return target(message).query(message.sql, message.params, queryOptions(message));
    case 'exec':
      return target(message).exec(message.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown request ${message.kind}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: errorFields(error) }),
  );
});

try {
  // Extensions are loaded at construction; the migrations then CREATE EXTENSION as on PostgreSQL.
  db = await PGlite.create(workerData.dir, { extensions: { pg_trgm } });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: errorFields(error) });
}
