// Faults in the middle of the heaviest writes (a phone's sync batch of 200, an import of 5,000 rows,
// a count's posting, a transfer's receipt) and of a report PDF: the server is killed (-9) at a random
// moment while it works, or the connection is cut after it committed. After a restart each write is
// wholly there or wholly absent, the resend lands it exactly once, and a cut answer comes back the same
// on the retry.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../server/src/db/client';
import { queryRows } from '../../server/src/db/sql';
import { findLedgerMismatches } from '../../server/test/ledger-check';
import { call, login, type RunningServer, startServer } from './server-process';

const KILLS_EACH = Number(process.env.FAULT_KILLS ?? 2);

type Sent = { method: 'GET' | 'POST'; path: string; body?: unknown; key?: string };
type Answer = { status: number; body: Buffer };

/** A write made ready to send, with how much of it the database holds (0 or `whole`, never between). */
type Prepared = { request: Sent; effect?: { of: SQL; whole: number } };

type Fault = {
  name: string;
  prepare: (server: RunningServer, token: string, run: Run) => Promise<Prepared>;
  /** What a retry after a cut answer must say, given the answer that was cut. */
  sameAnswer: (cut: Answer, retry: Answer) => void;
};

/** Sends a request with node:http (a fault cuts it without a retry); its status and body. */
function send(url: string, token: string, sent: Sent): Promise<Answer> {
  const body = sent.body === undefined ? undefined : Buffer.from(JSON.stringify(sent.body));
  const target = new URL(sent.path, url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      {
        method: sent.method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          connection: 'close',
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          ...(sent.key ? { 'idempotency-key': sent.key } : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          // A body shorter than its length means the server died while sending it.
          if (!incoming.complete) reject(new Error('the answer was cut short'));
          else resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));

/** A store with `count` materials of 100, imported; its id and the materials' ids. */
async function storeWithMaterials(server: RunningServer, token: string, count: number, prefix: string) {
  const store = await call<{ store: { _id: string } }>(server.url, '/api/stores', {
    method: 'POST',
    token,
    body: { name: `${prefix} ${randomUUID().slice(0, 8)}` },
  });
  const storeId = store.body.store._id;
  const rows = Array.from({ length: count }, (_, i) => `${prefix} ${String(i).padStart(5, '0')},bag,100`).join('\n');
  const imported = await call(server.url, '/api/imports', {
    method: 'POST',
    token,
    body: {
      kind: 'materials',
      storeId,
      fileName: `${prefix}.csv`,
      content: Buffer.from(`Name,Unit,Quantity\n${rows}\n`).toString('base64'),
    },
  });
  assert.equal(imported.status, 201, JSON.stringify(imported.body));
  const ids: string[] = [];
  for (let offset = 0; offset < count; offset += 500) {
    const page = await call<{ _id: string }[]>(server.url, `/api/products?storeId=${storeId}&limit=500&offset=${offset}`, { token });
    ids.push(...page.body.map((row) => row._id));
  }
  assert.equal(ids.length, count);
  return { storeId, ids };
}

/** Runs `work` over items, `width` at a time. */
async function inTurns<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(work));
}

const sameJson = (cut: Answer, retry: Answer) => {
  assert.equal(retry.status, cut.status);
  assert.deepEqual(json(retry), json(cut));
};

/** A whole PDF: its header, its end mark, and how many pages it has. */
function pagesOf(pdf: Buffer): number {
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(pdf.subarray(-32).toString('latin1'), /%%EOF\s*$/);
  return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}

const FAULTS: Fault[] = [
  {
    name: 'a sync batch of 200',
    async prepare(server, token) {
      const { storeId, ids } = await storeWithMaterials(server, token, 20, 'Synced');
      const ops = Array.from({ length: 200 }, (_, i) => ({
        opId: randomUUID(),
        kind: 'issue',
        itemKind: 'material',
        itemId: ids[i % ids.length],
        quantity: 1,
        reason: '',
        capturedAt: new Date(Date.now() - 60_000 + i).toISOString(),
        storeId,
      }));
      return {
        request: { method: 'POST', path: '/api/sync/movements', body: { ops } },
        // Each op is its own record, kept once by its opId: a batch cut short holds some of its ops whole.
        effect: {
          of: sql`select count(*)::int as n from movements m join materials x on x.id = m.item_id where x.store_id = ${storeId} and m.kind = 'issue'`,
          whole: 200,
        },
      };
    },
    sameAnswer(cut, retry) {
      assert.equal(retry.status, 200);
      const first = json(cut).results as { status: string; movementId: string }[];
      const again = json(retry).results as { status: string; movementId: string }[];
      assert.deepEqual(
        again.map((result) => result.status),
        first.map(() => 'duplicate'),
      );
      assert.deepEqual(
        again.map((result) => result.movementId),
        first.map((result) => result.movementId),
      );
    },
  },
  {
    name: 'an import of 5,000 rows',
    async prepare(server, token) {
      const store = await call<{ store: { _id: string } }>(server.url, '/api/stores', {
        method: 'POST',
        token,
        body: { name: `Import ${randomUUID().slice(0, 8)}` },
      });
      const storeId = store.body.store._id;
      const rows = Array.from({ length: 5000 }, (_, i) => `Imported ${i},bag,${i % 90}`).join('\n');
      const content = Buffer.from(`Name,Unit,Quantity\n${rows}\n`).toString('base64');
      return {
        request: {
          method: 'POST',
          path: '/api/imports',
          key: randomUUID(),
          body: { kind: 'materials', storeId, fileName: 'site.csv', content },
        },
        effect: { of: sql`select count(*)::int as n from materials where store_id = ${storeId}`, whole: 5000 },
      };
    },
    sameAnswer: sameJson,
  },
  {
    name: "a count's posting",
    async prepare(server, token) {
      const { storeId, ids } = await storeWithMaterials(server, token, 200, 'Counted');
      const count = await call<{ count: { _id: string } }>(server.url, '/api/counts', {
        method: 'POST',
        token,
        body: { storeId, itemKind: 'material' },
      });
      const countId = count.body.count._id;
      await inTurns(ids, 20, (id) =>
        call(server.url, `/api/counts/${countId}/lines/${id}`, { method: 'PUT', token, body: { counted: 99 } }),
      );
      assert.equal((await call(server.url, `/api/counts/${countId}/submit`, { method: 'POST', token })).status, 200);
      const reasons = Object.fromEntries(ids.map((id) => [id, 'One bag split']));
      return {
        request: { method: 'POST', path: `/api/counts/${countId}/post`, key: randomUUID(), body: { reasons } },
        // 200 adjustments and the count posted: 201, or none of them.
        effect: {
          of: sql`select (select count(*)::int from movements where kind = 'adjustment' and item_id in
                    (select item_id from stock_count_lines where count_id = ${countId}))
                  + (select count(*)::int from stock_counts where id = ${countId} and status = 'posted') as n`,
          whole: 201,
        },
      };
    },
    sameAnswer: sameJson,
  },
  {
    name: "a transfer's receipt",
    async prepare(server, token) {
      const source = await storeWithMaterials(server, token, 200, 'Sent');
      const destination = await call<{ store: { _id: string } }>(server.url, '/api/stores', {
        method: 'POST',
        token,
        body: { name: `Site ${randomUUID().slice(0, 8)}` },
      });
      const draft = await call<{ transfer: { _id: string } }>(server.url, '/api/transfers', {
        method: 'POST',
        token,
        body: {
          fromStoreId: source.storeId,
          toStoreId: destination.body.store._id,
          lines: source.ids.map((materialId) => ({ materialId, quantity: 3 })),
        },
      });
      const transferId = draft.body.transfer._id;
      const dispatched = await call<{ transfer: { lines: { _id: string }[] } }>(server.url, `/api/transfers/${transferId}/dispatch`, {
        method: 'POST',
        token,
      });
      assert.equal(dispatched.status, 200);
      const lines = dispatched.body.transfer.lines.map((line) => ({ lineId: line._id, received: 3 }));
      return {
        request: { method: 'POST', path: `/api/transfers/${transferId}/receive`, key: randomUUID(), body: { lines } },
        effect: { of: sql`select coalesce(sum(received), 0)::int as n from transfer_lines where transfer_id = ${transferId}`, whole: 600 },
      };
    },
    sameAnswer: sameJson,
  },
  {
    name: 'a report PDF of 5,000 materials',
    async prepare(server, token, run) {
      const storeId = await reportStore(server, token, run);
      const today = new Date().toISOString().slice(0, 10);
      return { request: { method: 'GET', path: `/api/report/generate-report/pdf?storeId=${storeId}&startDate=${today}&endDate=${today}` } };
    },
    sameAnswer(cut, retry) {
      assert.equal(retry.status, 200);
      assert.equal(pagesOf(retry.body), pagesOf(cut.body));
    },
  },
];

/** The report's store: 5,000 materials, made once per database. */
const reportStores = new WeakMap<Run, string>();
async function reportStore(server: RunningServer, token: string, run: Run): Promise<string> {
  const known = reportStores.get(run);
  if (known) return known;
  const { storeId } = await storeWithMaterials(server, token, 5000, 'Reported');
  reportStores.set(run, storeId);
  return storeId;
}

/**
 * Forwards one request to the server, takes its whole answer (the server closes after it: it has
 * committed) and cuts the client off without a byte of it; the answer the client never saw.
 */
async function cuttingProxy(target: URL) {
  const { createConnection, createServer } = await import('node:net');
  let cutAnswer: Buffer | undefined;
  const proxy = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    const chunks: Buffer[] = [];
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
    upstream.on('end', () => {
      cutAnswer = Buffer.concat(chunks);
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const { port } = proxy.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => proxy.close(), answer: () => cutAnswer };
}

/** The status and body of a raw HTTP answer (a length-delimited or chunked body). */
function parseAnswer(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1');
  let body = raw.subarray(split + 4);
  if (/^transfer-encoding:\s*chunked/im.test(head)) {
    const parts: Buffer[] = [];
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(head.split(' ')[1]), body };
}

type Run = { env: Record<string, string>; open: () => Promise<Database> };

async function effectOf(database: Database, of: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, of);
  return row?.n ?? 0;
}

/** With the server down: every write is wholly there or absent (`mustBeWhole` wholly there), and the ledger adds up. */
async function checkDatabase(run: Run, outcomes: { name: string; effect: Prepared['effect'] }[], mustBeWhole: Prepared['effect'][]) {
  const database = await run.open();
  try {
    const found: string[] = [];
    for (const { name, effect } of outcomes) {
      if (!effect) continue;
      const n = await effectOf(database, effect.of);
      if (name !== 'a sync batch of 200') assert.ok(n === 0 || n === effect.whole, `${name}: ${n} of ${effect.whole} after the kill`);
      found.push(n === 0 ? 'absent' : n === effect.whole ? 'whole' : `${n} of its ${effect.whole} ops`);
    }
    for (const effect of mustBeWhole) if (effect) assert.equal(await effectOf(database, effect.of), effect.whole);
    assert.deepEqual(await findLedgerMismatches(database.db), [], 'a counter disagrees with its ledger');
    return found;
  } finally {
    await database.close();
  }
}

async function killedInTheMiddle(run: Run) {
  let server = await startServer(run.env);
  let token = await login(server.url);
  const mustBeWhole: Prepared['effect'][] = [];
  const told: string[] = [];
  for (const fault of FAULTS) {
    // Once in peace, to time it.
    const calm = await fault.prepare(server, token, run);
    const started = performance.now();
    const answer = await send(server.url, token, calm.request);
    const took = performance.now() - started;
    assert.ok(answer.status < 300, `${fault.name}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    if (calm.effect) mustBeWhole.push(calm.effect);
    const outcomes: string[] = [];
    for (let kill = 0; kill < KILLS_EACH; kill += 1) {
      const prepared = await fault.prepare(server, token, run);
      const sending = send(server.url, token, prepared.request).then(
        (sent) => {
          // An answer that arrived is whole: a PDF to its end mark.
          if (!prepared.effect && sent.status === 200) pagesOf(sent.body);
          return `answered ${sent.status}`;
        },
        () => 'cut off',
      );
      await new Promise((resolve) => setTimeout(resolve, took * (0.1 + 0.8 * Math.random())));
      server.child.kill('SIGKILL');
      const seen = await sending;
      if (server.child.exitCode === null && server.child.signalCode === null) await once(server.child, 'exit');
      // A read writes nothing to look for.
      const [state] = prepared.effect ? await checkDatabase(run, [{ name: fault.name, effect: prepared.effect }], mustBeWhole) : [];
      server = await startServer(run.env);
      token = await login(server.url);
      // The phone sends it again: it lands once.
      const resent = await send(server.url, token, prepared.request);
      assert.ok(resent.status < 300, `${fault.name} resent: ${resent.status} ${resent.body.toString('utf8').slice(0, 300)}`);
      if (prepared.effect) mustBeWhole.push(prepared.effect);
      else pagesOf(resent.body);
      outcomes.push(`${seen} → ${state ?? 'nothing written'}`);
    }
    told.push(`${fault.name} (${Math.round(took)} ms): ${outcomes.join('; ')}`);
  }
  await server.stop('SIGKILL');
  await checkDatabase(run, [], mustBeWhole);
  return told;
}

async function cutAfterCommit(run: Run) {
  const server = await startServer(run.env);
  const token = await login(server.url);
  try {
    for (const fault of FAULTS) {
      const prepared = await fault.prepare(server, token, run);
      const proxy = await cuttingProxy(new URL(server.url));
      await assert.rejects(send(proxy.url, token, prepared.request), `${fault.name}: the answer reached the client`);
      proxy.close();
      const raw = proxy.answer();
      assert.ok(raw, `${fault.name}: the server did not answer`);
      const retry = await send(server.url, token, prepared.request);
      fault.sameAnswer(parseAnswer(raw), retry);
    }
  } finally {
    await server.stop('SIGKILL');
  }
  const database = await run.open();
  try {
    assert.deepEqual(await findLedgerMismatches(database.db), []);
  } finally {
    await database.close();
  }
}

function pgliteRun(folders: string[]): Run {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockyard-faults-'));
  folders.push(dataDir);
  return { env: { DATA_DIR: dataDir }, open: () => openPglite(join(dataDir, 'db')) };
}

async function postgresRun(names: string[]): Promise<Run> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `stockyard_faults_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  names.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, open: async () => openPostgres(url.toString(), 2) };
}

// PGlite and PostgreSQL go side by side, each database's faults one after another.
describe('faults in the middle of heavy writes', { concurrency: true }, () => {
  const folders: string[] = [];
  const databases: string[] = [];
  after(async () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    if (!databases.length) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  describe('on PGlite', () => {
    it(`kill -9 during each, ${KILLS_EACH} times: wholly there or absent, and the resend lands once`, async () => {
      console.log(`PGlite:\n  ${(await killedInTheMiddle(pgliteRun(folders))).join('\n  ')}`);
    });

    it('an answer cut after the commit: the retry answers the same', async () => {
      await cutAfterCommit(pgliteRun(folders));
    });
  });

  describe('on PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set' }, () => {
    it(`kill -9 during each, ${KILLS_EACH} times: wholly there or absent, and the resend lands once`, async () => {
      console.log(`PostgreSQL:\n  ${(await killedInTheMiddle(await postgresRun(databases))).join('\n  ')}`);
    });

    it('an answer cut after the commit: the retry answers the same', async () => {
      await cutAfterCommit(await postgresRun(databases));
    });
  });
});
