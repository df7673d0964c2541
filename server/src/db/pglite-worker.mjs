// The embedded database's own thread. PGlite runs every query synchronously on the thread that
// holds it, so a long report would freeze every other request of the server; here it only keeps
// this thread busy. The server side (pglite-remote.ts) sends queries and transaction steps; a
// transaction stays open, holding the database, until the server says commit or roll back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const asText = (value) => value;
// Drizzle's own parsers for PGlite: dates, times and intervals come back as text, as from pg.
const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
);

const port = parentPort;
const { serialize } = protocol;
const transactions = new Map();

// One statement or transaction holds the database at a time; the others wait their turn here rather
// than in PGlite's own first-come queue. Background work (a big report's slices) goes after interactive
// work, unless it has waited long enough to keep BACKGROUND_SHARE of the time: a slice no longer delays
// each step of every stock movement queued behind it, and a report still finishes under full load.
const BACKGROUND_SHARE = 0.1;
const waiting = { interactive: [], background: [] };
let isHeld = false;
let isServeDue = false;
let lastBackground = { endedAt: 0, took: 0 };
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
  try {
    if (commit) {
      open.settle.commit();
      await open.finished;
    } else {
      open.settle.rollback(new Error('rolled back'));
      await open.finished.catch(() => {});
    }
  } finally {
    release();
  }
}

function target(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`No open transaction ${message.tx}`);
  return open.tx;
}

// The statements sent many times with other values (the ledger's, a list's first page), by their text:
// each is parsed once under a name of its own, and planned again only while PostgreSQL has no steady
// plan for it, as the pg driver's named statements are on PostgreSQL; an unnamed statement is parsed
// and planned every time. Their shapes are few (values are parameters), so they are all kept.
const prepared = new Map();
/** feature_not_supported: "cached plan must not change result type". */
const STALE_PLAN = '0A000';
let lastStatementId = 0;

async function prepare(text) {
  const known = prepared.get(text);
  if (known) return known;
  lastStatementId += 1;
  const name = `prepared_${lastStatementId}`;
  const messages = await db.execProtocolStream(
    Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [] };
  prepared.set(text, statement);
  return statement;
}

/** Runs a statement by its name, prepared on its first call; outside a transaction only, as on PostgreSQL. */
function queryPrepared(message) {
  return db.runExclusive(async () => {
    const statement = await prepare(message.sql);
    const values = message.params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    const run = db.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const messages = await run.catch((error) => {
      // A table the statement returns changed shape since it was prepared: prepared again next time.
      if (error?.code === STALE_PLAN) prepared.delete(message.sql);
      throw error;
    });
    await db.syncToFs();
    return parse.parseResults(messages, db.parsers, queryOptions(message))[0];
  });
}

async function handle(message) {
  switch (message.kind) {
    case 'query':
      if (message.prepare && message.tx === undefined) return queryPrepared(message);
      return target(message).query(message.sql, message.params, queryOptions(message));
    case 'exec':
      return target(message).exec(message.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'dump':
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown request ${message.kind}`);
  }
}

function answer(message, work) {
  return work.then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => {
      port.postMessage({ id: message.id, error: errorFields(error) });
      throw error;
    },
  );
}

function next() {
  const background = waiting.background[0];
  const backgroundIsDue = performance.now() - lastBackground.endedAt >= (lastBackground.took * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE;
  if (background && (waiting.interactive.length === 0 || backgroundIsDue)) return waiting.background.shift();
  return waiting.interactive.shift();
}

/** Gives the database to the next waiting statement or transaction, if it is free. */
function serve() {
  if (isHeld) return;
  const message = next();
  if (!message) return;
  isHeld = true;
  const startedAt = performance.now();
  const done = answer(message, handle(message));
  // A transaction keeps the database until its end (see `end`); a statement only while it runs.
  if (message.kind === 'begin') done.catch(() => release());
  else {
    done
      .catch(() => {})
      .finally(() => {
        const endedAt = performance.now();
        if (message.background) lastBackground = { endedAt, took: endedAt - startedAt };
        release();
      });
  }
}

function release() {
  isHeld = false;
  serveSoon();
}

// A statement runs to its end before this thread reads the next messages: the turn is given once the
// messages that arrived meanwhile are queued, so the choice sees them all.
function serveSoon() {
  if (isServeDue) return;
  isServeDue = true;
  setImmediate(() => {
    isServeDue = false;
    serve();
  });
}

port.on('message', (message) => {
  // Steps inside an open transaction run at once: it already holds the database.
  if (message.tx !== undefined) {
    answer(message, handle(message)).catch(() => {});
    return;
  }
  (message.background ? waiting.background : waiting.interactive).push(message);
  serveSoon();
});

try {
  // Extensions are loaded at construction; the migrations then CREATE EXTENSION as on PostgreSQL.
  // A snapshot (a dump of another database's files) starts from its files instead of a new cluster.
  const { dir, snapshot } = workerData;
  db = await PGlite.create(dir, { extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}) });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: errorFields(error) });
}
