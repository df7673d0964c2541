// A phone's sync reaches the server and is committed, but the answer never reaches the phone: the
// connection is cut on the way back. The phone sends the same outbox again; the ledger must hold
// each movement once, and the retry must say so. The same for an entry with a photo: the entry's
// single call, the photo's upload and its attachment each lose their answer once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { call, login, type RunningServer, seedStock, startServer } from './server-process';

/**
 * Forwards each connection to the server, lets the server's answer arrive (so it has committed) and
 * then cuts the client's connection without passing a byte of it on.
 */
async function answerCuttingProxy(target: URL): Promise<{ url: string; server: Server; cut: () => number }> {
  let cuts = 0;
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', () => {
      cuts += 1;
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server, cut: () => cuts };
}

/** A small JPEG, as a phone sends a photo. */
const PHOTO = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKABiz//2Q==',
  'base64',
);

/** Uploads the photo as the phone does: one multipart file. */
async function upload(url: string, token: string): Promise<{ status: number; body: { _id: string } }> {
  const form = new FormData();
  form.append('file', new Blob([PHOTO], { type: 'image/jpeg' }), 'photo-1.jpg');
  const response = await fetch(`${url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

describe('a sync whose answer is lost', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockyard-lost-answer-'));
  let app: RunningServer;
  before(async () => {
    app = await startServer({ DATA_DIR: dataDir });
  });
  after(async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records each movement once; the retry answers duplicate with the same movementId', async () => {
    const token = await login(app.url);
    const { storeId, materialId } = await seedStock(app.url, token, 50);
    const ops = [8, 3].map((quantity) => ({
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: materialId,
      quantity,
      reason: '',
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
      storeId,
    }));

    const proxy = await answerCuttingProxy(new URL(app.url));
    await assert.rejects(call(proxy.url, '/api/sync/movements', { method: 'POST', token, body: { ops } }));
    assert.equal(proxy.cut(), 1, 'the server answered and the answer was cut');
    proxy.server.close();

    const movementsOf = async () =>
      (
        await call<{ movements: { _id: string; kind: string; quantity: number }[] }>(app.url, `/api/movements?itemId=${materialId}`, {
          token,
        })
      ).body.movements;
    const committed = (await movementsOf()).filter((movement) => movement.kind === 'issue');
    assert.deepEqual(committed.map((movement) => movement.quantity).sort(), [3, 8], 'the server committed before the answer was cut');

    const retry = await call<{ results: { opId: string; status: string; movementId: string }[] }>(app.url, '/api/sync/movements', {
      method: 'POST',
      token,
      body: { ops },
    });
    assert.equal(retry.status, 200);
    assert.deepEqual(
      retry.body.results.map((result) => result.status),
      ['duplicate', 'duplicate'],
    );
    const idOf = (quantity: number) => committed.find((movement) => movement.quantity === quantity)?._id;
    assert.deepEqual(
      retry.body.results.map((result) => result.movementId),
      [idOf(8), idOf(3)],
    );
    assert.equal((await movementsOf()).filter((movement) => movement.kind === 'issue').length, 2, 'the ledger holds each once');
    const product = await call<{ availableQuantity: number }[]>(app.url, '/api/products', { token });
    assert.equal(product.body.find((row) => (row as unknown as { _id: string })._id === materialId)?.availableQuantity, 39);
  });

  it('records an entry with a photo once, and its photo once, when each of its three calls loses its answer', async () => {
    const token = await login(app.url);
    const { storeId, materialId } = await seedStock(app.url, token, 20);
    const op = {
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: materialId,
      quantity: 4,
      reason: '',
      capturedAt: new Date().toISOString(),
      storeId,
    };
    const cutOnce = async (send: (url: string) => Promise<unknown>) => {
      const proxy = await answerCuttingProxy(new URL(app.url));
      await assert.rejects(send(proxy.url));
      assert.equal(proxy.cut(), 1, 'the server answered and the answer was cut');
      proxy.server.close();
    };

    // Online: the single call, under the op's id, is committed and its answer lost; the op stays in the
    // outbox and the sync answers that the line is there.
    const single = (url: string) =>
      call(url, '/api/user/consume-stock', { method: 'POST', token, key: op.opId, body: { productId: materialId, quantity: 4 } });
    await cutOnce(single);
    const synced = await call<{ results: { status: string; movementId: string }[] }>(app.url, '/api/sync/movements', {
      method: 'POST',
      token,
      body: { ops: [op] },
    });
    assert.deepEqual(
      synced.body.results.map((result) => result.status),
      ['duplicate'],
    );

    // The photo's upload is kept and its answer lost: the retry is the same file.
    await cutOnce((url) => upload(url, token));
    const uploaded = await upload(app.url, token);
    assert.equal(uploaded.status, 200, 'the bytes were already there');
    const attach = (url: string) =>
      call<{ attachments: { _id: string }[] }>(url, `/api/sync/ops/${op.opId}/attachments`, {
        method: 'POST',
        token,
        body: { attachments: [uploaded.body._id] },
      });
    await cutOnce(attach);
    const attached = await attach(app.url);
    assert.equal(attached.status, 200);

    const history = await call<{ movements: { _id: string; kind: string; attachments: { _id: string }[] }[] }>(
      app.url,
      `/api/movements?itemId=${materialId}`,
      { token },
    );
    const issues = history.body.movements.filter((movement) => movement.kind === 'issue');
    assert.deepEqual(
      issues.map((movement) => [movement._id, movement.attachments.map((file) => file._id)]),
      [[synced.body.results[0]?.movementId, [uploaded.body._id]]],
      'one line, with the photo once',
    );
  });
});
