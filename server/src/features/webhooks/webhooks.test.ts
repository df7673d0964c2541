import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createPlacedOrder, createStore, createStoreWithStaff, createTool } from '../../../test/factories';
import { until } from '../../../test/smtp';
import { isSignedBy, startReceiver } from '../../../test/webhook-receiver';
import { queryRows } from '../../db/sql';
import { runTransaction } from '../../lib/transaction';
import { checkWebhookHost, isPublicAddress } from './webhook-address';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({ webhooks: { send: true, allowPrivate: true, retryBaseMs: 40, pollMs: 20, overdueCheckMs: 50 } });
  staff = await createStoreWithStaff(t.app, t.database.db);
});
// Each test's webhooks are its own: the receiver counts tries per event id.
afterEach(async () => {
  await t.database.db.execute(sql`delete from webhooks`);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Json = Record<string, unknown>;

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
}

async function createWebhook(events: string[], url = receiver.url) {
  const response = await call(staff.admin.token, 'POST', '/api/webhooks', { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { webhook: { _id: string }; secret: string };
}

const issue = (productId: string, quantity: number) => call(staff.keeper.token, 'POST', '/api/user/consume-stock', { productId, quantity });

/** The events received about one item, in the order they arrived. */
const receivedAbout = (itemId: string) =>
  receiver.received.filter((event) => event.json.data.itemId === itemId || event.json.data.materialId === itemId);

async function eventsInDatabase(itemKey: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from webhook_events where item_key = ${itemKey}`,
  );
  return row?.n ?? 0;
}

describe('managing webhooks', () => {
  it('creates one with a secret shown once, lists, changes and deletes it; admins only', async () => {
    const made = await call(staff.admin.token, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['movement.created'] });
    expect(made.statusCode, made.body).toBe(201);
    const { webhook, secret, message } = made.json();
    expect(message).toBe('Webhook created. Copy its secret now: it is not shown again.');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ url: 'http://127.0.0.1:9/x', events: ['movement.created'], enabled: true, pending: 0 });

    const listed = await call(staff.admin.token, 'GET', '/api/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().webhooks.map((w: Json) => w._id)).toContain(webhook._id);

    const changed = await call(staff.admin.token, 'PUT', `/api/webhooks/${webhook._id}`, {
      events: ['stock.low', 'stock.low'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({ events: ['stock.low'], enabled: false });

    expect((await call(staff.keeper.token, 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await call(staff.keeper.token, 'POST', '/api/webhooks', { url: receiver.url, events: ['stock.low'] })).statusCode).toBe(403);

    expect((await call(staff.admin.token, 'DELETE', `/api/webhooks/${webhook._id}`)).json()).toEqual({ message: 'Webhook deleted.' });
    expect((await call(staff.admin.token, 'GET', `/api/webhooks/${webhook._id}`)).statusCode).toBe(404);
    const audited = await queryRows<{ action: string; details: Json }>(
      t.database.db,
      sql`select action, details from audit_events where entity_type = 'webhook' and entity_id = ${webhook._id} order by at`,
    );
    expect(audited.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  it('never holds more than 20 webhooks, however many are asked for at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(staff.admin.token, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['stock.low'] }),
      ),
    );
    const statuses = made.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(made.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      'There can be at most 20 webhooks. Delete one you no longer use first.',
    );
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from webhooks`);
    expect(row?.n).toBe(20);
  });

  it('refuses a bad URL, no events, an unknown event and a short secret, each with its reason', async () => {
    const refuse = async (payload: Json, message: string) => {
      const response = await call(staff.admin.token, 'POST', '/api/webhooks', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toEqual(message);
    };
    await refuse({ url: 'ftp://example.com/x', events: ['stock.low'] }, 'The webhook URL must be a full http:// or https:// address.');
    await refuse({ url: 'not a url', events: ['stock.low'] }, 'The webhook URL must be a full http:// or https:// address.');
    await refuse({ url: 'https://example.com/x', events: [] }, 'Choose at least one event for the webhook.');
    await refuse(
      { url: 'https://example.com/x', events: ['stock.high'] },
      expect.stringContaining('Events must be among: movement.created') as never,
    );
    await refuse(
      { url: 'https://example.com/x', events: ['stock.low'], secret: 'short' },
      'The webhook secret must be 16 to 200 characters.',
    );
  });

  it('refuses loopback, private and link-local addresses unless they are allowed', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.10',
      '172.16.5.5',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    await expect(checkWebhookHost('http://127.0.0.1:8080/x', false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkWebhookHost('http://[::1]/x', false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkWebhookHost('http://localhost/x', false)).rejects.toThrow(/private, loopback or link-local/);
    await expect(checkWebhookHost('http://127.0.0.1:8080/x', true)).resolves.toBeUndefined();

    // Through the API of a server that does not allow them.
    const strict = await buildTestApp();
    try {
      const admin = (await createStoreWithStaff(strict.app, strict.database.db)).admin;
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: bearer(admin.token),
        payload: { url: 'http://169.254.169.254/latest', events: ['stock.low'] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The webhook URL leads to a private, loopback or link-local address. Webhooks are sent to public addresses only.',
      );
    } finally {
      await strict.close();
    }
  });
});

describe('delivering events', () => {
  it('sends each movement from the API, an offline sync and an import exactly once, signed', async () => {
    const { secret } = await createWebhook(['movement.created']);
    const store = await createStore(t.app, staff.admin.token);
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 1000 });
    const before = receiver.received.length;

    for (let n = 0; n < 100; n++) expect((await issue(cement._id, 1)).statusCode).toBe(200);
    const ops = Array.from({ length: 20 }, () => ({
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: cement._id,
      quantity: 2,
      reason: '',
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
      storeId: staff.store._id,
    }));
    const synced = await call(staff.keeper.token, 'POST', '/api/sync/movements', { ops });
    expect(synced.statusCode, synced.body).toBe(200);
    const lines = [
      'Name,Category,Material,Size,Unit,Quantity',
      ...Array.from({ length: 10 }, (_, n) => `Imported ${n},Building,Steel,1 mm,piece,${n + 1}`),
    ];
    const imported = await call(staff.admin.token, 'POST', '/api/imports', {
      kind: 'materials',
      storeId: store._id,
      fileName: 'site.csv',
      content: Buffer.from(`${lines.join('\r\n')}\r\n`).toString('base64'),
    });
    expect(imported.statusCode, imported.body).toBe(201);

    const movementIds = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from movements where item_id = ${cement._id}
          union all select m.id from movements m join materials i on i.id = m.item_id where i.store_id = ${store._id}`,
    );
    // Cement's opening quantity, 100 issues, 20 synced issues and 10 imported openings.
    expect(movementIds).toHaveLength(131);
    const arrived = await until(
      async () => receiver.received.slice(before).filter((event) => event.json.type === 'movement.created'),
      (events) => events.length >= 131,
      20_000,
    );
    // Nothing more comes: each was sent once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = receiver.received.slice(before).filter((event) => event.json.type === 'movement.created');
    expect(events).toHaveLength(arrived.length);
    expect(new Set(events.map((event) => event.json.id)).size).toBe(events.length);
    expect(new Set(events.map((event) => event.json.data.id))).toEqual(new Set(movementIds.map((row) => row.id)));
    for (const event of events) expect(isSignedBy(secret, event.body, event.headers['stockyard-signature'] as string)).toBe(true);
    expect(isSignedBy('another secret of some length', events[0]?.body ?? '', events[0]?.headers['stockyard-signature'] as string)).toBe(
      false,
    );

    const first = events.find((event) => event.json.data.itemId === cement._id && event.json.data.kind === 'issue')?.json as Json;
    expect(first).toMatchObject({ type: 'movement.created', storeId: staff.store._id, occurredAt: expect.any(String) });
    expect(first.data).toMatchObject({
      itemKind: 'material',
      itemId: cement._id,
      kind: 'issue',
      quantity: 1,
      value: '0.00',
      storeId: staff.store._id,
    });
    expect(first.data).not.toHaveProperty('txId');
    expect(first.data).not.toHaveProperty('idempotencyKey');
    // One item's events arrive in the order of its ledger.
    const order = await queryRows<{ id: string }>(t.database.db, sql`select id from movements where item_id = ${cement._id} order by id`);
    expect(receivedAbout(cement._id).map((event) => event.json.data.id)).toEqual(order.map((row) => row.id));
  });

  it('sends nothing for a change that rolled back, or for a type no webhook takes', async () => {
    await createWebhook(['movement.created']);
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const eventsBefore = await eventsInDatabase(sand._id);
    await expect(
      runTransaction(t.database.db, async (tx) => {
        await tx.execute(
          sql`insert into movements (store_id, item_kind, item_id, kind, quantity) values (${staff.store._id}, 'material', ${sand._id}, 'issue', 1)`,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await issue(sand._id, 50)).statusCode).toBe(409);
    expect(await eventsInDatabase(sand._id)).toBe(eventsBefore);
    const [unsubscribed] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from webhook_events where type = 'transfer.closed'`,
    );
    expect(unsubscribed?.n).toBe(0);
  });

  it('retries a failing receiver with the same id, keeps each try, and sends again on replay', async () => {
    const { webhook } = await createWebhook(['movement.created']);
    const gravel = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    receiver.answerWith((event, tries) => (event.data.itemId === gravel._id && tries <= 3 ? 500 : 200));
    try {
      expect((await issue(gravel._id, 1)).statusCode).toBe(200);
      expect((await issue(gravel._id, 2)).statusCode).toBe(200);
      const arrived = await until(
        async () => receivedAbout(gravel._id).filter((event) => event.json.data.kind === 'issue'),
        (events) => events.length >= 2,
        10_000,
      );
      // The second issue waited for the first, which arrived on its fourth try.
      expect(arrived.map((event) => event.json.data.quantity)).toEqual([1, 2]);
      const firstId = arrived[0]?.json.id as string;
      expect(receiver.tries.get(firstId)).toBe(4);

      const page = await call(staff.admin.token, 'GET', `/api/webhooks/${webhook._id}/deliveries?limit=10`);
      expect(page.statusCode, page.body).toBe(200);
      const delivery = page.json().deliveries.find((d: Json) => d.eventId === firstId);
      expect(delivery).toMatchObject({ type: 'movement.created', status: 'delivered', attempts: 4, nextAttemptAt: null });
      expect(delivery.tries.map((attempt: Json) => attempt.statusCode)).toEqual([500, 500, 500, 200]);
      expect(delivery.tries[0].answer).toBe('try again later');

      const replay = await call(staff.admin.token, 'POST', `/api/webhooks/${webhook._id}/deliveries/${delivery._id}/replay`);
      expect(replay.statusCode, replay.body).toBe(200);
      await until(
        async () => receiver.received.filter((event) => event.json.id === firstId),
        (events) => events.length >= 2,
      );
      const again = await call(staff.admin.token, 'POST', `/api/webhooks/${webhook._id}/deliveries/${randomUUID()}/replay`);
      expect(again.statusCode).toBe(404);
    } finally {
      receiver.answerWith(() => 200);
    }
  });

  it('after a day of failures gives the delivery up, switches the webhook off and tells the admins', async () => {
    const down = await startReceiver();
    down.answerWith(() => 503);
    try {
      const { webhook } = await createWebhook(['movement.created'], down.url);
      const lime = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
      expect((await issue(lime._id, 1)).statusCode).toBe(200);
      const failing = () =>
        queryRows<{ id: string; attempts: number; status: string }>(
          t.database.db,
          sql`select id, attempts, status from webhook_deliveries where webhook_id = ${webhook._id}`,
        );
      await until(failing, (rows) => rows.some((row) => row.attempts >= 1));
      // As if it had been failing since yesterday.
      await t.database.db.execute(
        sql`update webhook_deliveries set failing_since = now() - interval '25 hours' where webhook_id = ${webhook._id}`,
      );
      await until(failing, (rows) => rows.some((row) => row.status === 'failed'));
      const shown = (await call(staff.admin.token, 'GET', `/api/webhooks/${webhook._id}`)).json();
      expect(shown).toMatchObject({ enabled: false, disabledReason: 'Deliveries failed for a day.' });
      const notices = await call(staff.admin.token, 'GET', '/api/notifications');
      expect(JSON.stringify(notices.json())).toContain(`The webhook to ${down.url} was switched off after a day of failed deliveries.`);
      // Nothing is sent while it is off; switched on, a new event goes out.
      const sentWhileOff = down.tries.size;
      expect((await issue(lime._id, 1)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(down.tries.size).toBe(sentWhileOff);
      down.answerWith(() => 200);
      expect((await call(staff.admin.token, 'PUT', `/api/webhooks/${webhook._id}`, { enabled: true })).json().webhook).toMatchObject({
        enabled: true,
        disabledReason: null,
      });
      await until(
        async () => down.received.length,
        (count) => count >= 1,
      );
    } finally {
      await down.close();
    }
  });
});

describe('the events of other changes', () => {
  it('sends deliveries, low stock, reversals and overdue custody', async () => {
    await createWebhook(['delivery.created', 'stock.low', 'movement.reversed', 'custody.overdue']);
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 30 });
    const supplied = await call(staff.keeper.token, 'POST', '/api/supply/add', {
      productId: cement._id,
      quantity: 5,
      supplier: 'Acme',
      dateReceived: new Date().toISOString().slice(0, 10),
    });
    expect(supplied.statusCode, supplied.body).toBe(201);
    const reorder = await call(staff.keeper.token, 'PUT', `/api/materials/${cement._id}/reorder`, {
      minQty: 20,
      targetQty: 60,
      packSize: 10,
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const issued = await issue(cement._id, 20);
    expect(issued.statusCode).toBe(200);
    const [line] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from movements where item_id = ${cement._id} and kind = 'issue'`,
    );
    const reversed = await call(staff.keeper.token, 'POST', `/api/movements/${line?.id}/reverse`, { reason: 'Wrong material' });
    expect(reversed.statusCode, reversed.body).toBe(200);

    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 2 });
    const worker = await call(staff.keeper.token, 'POST', '/api/workers', { name: 'Ravi', trade: 'Mason' });
    expect(worker.statusCode, worker.body).toBe(201);
    const out = await call(staff.keeper.token, 'POST', `/api/tools/${drill._id}/checkout`, {
      workerId: worker.json().worker._id,
      quantity: 1,
    });
    expect(out.statusCode, out.body).toBe(201);
    await t.database.db.execute(sql`update custody set due_at = now() - interval '1 hour' where tool_id = ${drill._id}`);

    const types = async () =>
      receiver.received.filter(
        (event) =>
          [cement._id, drill._id].includes(event.json.data.materialId as string) ||
          event.json.data.itemId === cement._id ||
          event.json.data.toolId === drill._id,
      );
    const arrived = await until(types, (events) => events.length >= 4, 10_000);
    expect(arrived.map((event) => event.json.type).sort()).toEqual([
      'custody.overdue',
      'delivery.created',
      'movement.reversed',
      'stock.low',
    ]);
    const low = arrived.find((event) => event.json.type === 'stock.low')?.json;
    expect(low?.data).toMatchObject({ materialId: cement._id, availableQuantity: 15, minQty: 20 });
    const reversal = arrived.find((event) => event.json.type === 'movement.reversed')?.json;
    expect(reversal?.data).toMatchObject({ reversesId: line?.id, quantity: -20 });
  });

  it('sends a transfer leaving, arriving in part and closed short; a count posted; an order received', async () => {
    await createWebhook(['transfer.dispatched', 'transfer.received', 'transfer.closed', 'count.posted', 'purchase_order.received']);
    const yard = await createStore(t.app, staff.admin.token);
    const rebar = await createMaterial(t.app, staff.admin.token, { totalQuantity: 10, storeId: yard._id });
    const made = await call(staff.admin.token, 'POST', '/api/transfers', {
      fromStoreId: yard._id,
      toStoreId: staff.store._id,
      lines: [{ materialId: rebar._id, quantity: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const transferId = made.json().transfer._id as string;
    expect((await call(staff.admin.token, 'POST', `/api/transfers/${transferId}/dispatch`)).statusCode).toBe(200);
    const lineId = made.json().transfer.lines[0]._id as string;
    const received = await call(staff.keeper.token, 'POST', `/api/transfers/${transferId}/receive`, { lines: [{ lineId, received: 3 }] });
    expect(received.statusCode, received.body).toBe(200);
    expect((await call(staff.admin.token, 'POST', `/api/transfers/${transferId}/close`, { reason: 'Fell off the truck' })).statusCode).toBe(
      200,
    );

    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 40 });
    const count = await call(staff.keeper.token, 'POST', '/api/counts', { itemKind: 'material', itemIds: [sand._id] });
    expect(count.statusCode, count.body).toBe(201);
    const countId = count.json().count._id as string;
    expect((await call(staff.keeper.token, 'PUT', `/api/counts/${countId}/lines/${sand._id}`, { counted: 38 })).statusCode).toBe(200);
    expect((await call(staff.keeper.token, 'POST', `/api/counts/${countId}/submit`)).statusCode).toBe(200);
    const posted = await call(staff.admin.token, 'POST', `/api/counts/${countId}/post`, { reasons: { [sand._id]: 'Spilt' } });
    expect(posted.statusCode, posted.body).toBe(200);

    const { order, lineId: orderLineId, material } = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const receipt = await call(staff.keeper.token, 'POST', `/api/purchase-orders/${order._id}/receipts`, {
      receivedAt: new Date().toISOString().slice(0, 10),
      deliveryNote: 'DN-7',
      lines: [{ lineId: orderLineId, received: 6, damaged: 1 }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);

    const about = (key: string) =>
      receiver.received.filter((event) => event.json.data.id === key || event.json.data.purchaseOrderId === key);
    const transferEvents = await until(
      async () => about(transferId),
      (events) => events.length >= 3,
    );
    // One event per step, in the order they happened, each with its lines as they stood.
    expect(transferEvents.map((event) => event.json.type)).toEqual(['transfer.dispatched', 'transfer.received', 'transfer.closed']);
    expect(transferEvents.map((event) => event.json.data.status)).toEqual([
      'dispatched',
      'partially_received',
      'received_with_discrepancy',
    ]);
    expect(transferEvents.map((event) => (event.json.data.lines as Json[])[0])).toEqual([
      expect.objectContaining({ quantity: 5, received: 0, lost: 0, fromItemId: rebar._id }),
      expect.objectContaining({ received: 3, lost: 0 }),
      expect.objectContaining({ received: 3, lost: 2 }),
    ]);
    expect(transferEvents[2]?.json.data).toMatchObject({ closeReason: 'Fell off the truck' });
    const [countEvent] = await until(
      async () => about(countId),
      (events) => events.length >= 1,
    );
    expect(countEvent?.json).toMatchObject({ type: 'count.posted', storeId: staff.store._id, data: { id: countId, status: 'posted' } });
    const [orderEvent] = await until(
      async () => about(order._id),
      (events) => events.length >= 1,
    );
    expect(orderEvent?.json).toMatchObject({
      type: 'purchase_order.received',
      storeId: staff.store._id,
      data: {
        purchaseOrderId: order._id,
        deliveryNote: 'DN-7',
        lines: [{ purchaseOrderLineId: orderLineId, materialId: material._id, received: 6, damaged: 1 }],
      },
    });
  });
});
