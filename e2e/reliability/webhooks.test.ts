// Webhooks from real server processes on one PostgreSQL: each event sent once between two processes,
// and an event whose sender was killed with -9 still delivered after a restart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver } from '../../server/test/webhook-receiver';
import { call, freshDatabase, login, seedStock, startServer, until } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('webhooks from server processes', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const env = () => ({ DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200' });

  before(async () => {
    database = await freshDatabase(serverUrl as string, 'stockyard_webhooks');
    receiver = await startReceiver();
  });

  after(async () => {
    await receiver.close();
    await database.drop();
  });

  it('delivers each event once when two processes send from one outbox', async () => {
    const [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    try {
      const token = await login(a.url);
      const made = await call<{ webhook: { _id: string } }>(a.url, '/api/webhooks', {
        method: 'POST',
        token,
        body: { url: receiver.url, events: ['movement.created'] },
      });
      assert.equal(made.status, 201);
      const { materialId } = await seedStock(a.url, token, 1000);
      const before = receiver.received.length;
      for (let round = 0; round < 10; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            call(i % 2 ? a.url : b.url, '/api/user/consume-stock', { method: 'POST', token, body: { productId: materialId, quantity: 1 } }),
          ),
        );
        assert.deepEqual(
          answers.map((answer) => answer.status),
          Array(20).fill(200),
        );
      }
      // The opening quantity and 200 issues.
      await until(
        () => receiver.received.length - before,
        (count) => count >= 201,
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = receiver.received.slice(before).map((event) => event.json.id);
      console.log(`two processes, 201 events: ${ids.length} received, ${new Set(ids).size} distinct`);
      assert.equal(ids.length, 201);
      assert.equal(new Set(ids).size, 201);
      assert.ok([...receiver.tries.values()].every((tries) => tries === 1));
      await call(a.url, `/api/webhooks/${made.body.webhook._id}`, { method: 'DELETE', token });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('delivers an event after its sender is killed with -9 while sending it', async () => {
    let server = await startServer(env());
    try {
      const token = await login(server.url);
      await call(server.url, '/api/webhooks', { method: 'POST', token, body: { url: receiver.url, events: ['movement.created'] } });
      const { materialId } = await seedStock(server.url, token, 10);
      receiver.answerWith(() => 0);
      const issued = await call(server.url, '/api/user/consume-stock', {
        method: 'POST',
        token,
        body: { productId: materialId, quantity: 3 },
      });
      assert.equal(issued.status, 200);
      // The sender is waiting for the receiver's answer to the material's first event (its opening
      // quantity) when the process dies; the issue waits behind it, as one item's events go in order.
      const isAbout = (data: Record<string, unknown>) => data.itemId === materialId;
      await until(
        () => receiver.seen.some((event) => isAbout(event.json.data)),
        (isSent) => isSent,
        10_000,
      );
      assert.equal(await server.stop('SIGKILL'), null);
      receiver.answerWith(() => 200);
      server = await startServer(env());
      // Sent again once its lease of 30 s has run out.
      const arrived = await until(
        () => receiver.received.filter((event) => isAbout(event.json.data)),
        (events) => events.length >= 2,
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.deepEqual(
        receiver.received.filter((event) => isAbout(event.json.data)).map((event) => event.json.data.kind),
        ['opening', 'issue'],
      );
      assert.equal(arrived[1]?.json.data.quantity, 3);
    } finally {
      receiver.answerWith(() => 200);
      await server.stop();
    }
  });
});
