// Three server processes on one PostgreSQL: whatever must happen once happens once across them
// (webhook deliveries, notification emails, overdue custody notes, units coming due for service), a
// report cached by one process shows what another recorded, and sign-in limits count across all three.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startSmtp } from '../../server/test/smtp';
import { startReceiver } from '../../server/test/webhook-receiver';
import { ADMIN, call, freshDatabase, login, type RunningServer, seedStock, startServer, until } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const today = () => new Date().toISOString().slice(0, 10);

describe('three processes on one PostgreSQL', { skip: !serverUrl && 'TEST_DATABASE_URL is not set' }, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let processes: RunningServer[] = [];
  let admin: string;
  let storeId: string;
  let keeper: { email: string; password: string; token: string };
  const env = () => ({ DATABASE_URL: database.url, SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '200' });
  const startAll = async () => {
    processes = await Promise.all([startServer(env()), startServer(env()), startServer(env())]);
  };
  const urlOf = (i: number) => (processes[i % 3] as RunningServer).url;

  before(async () => {
    database = await freshDatabase(serverUrl as string, 'stockyard_three');
    receiver = await startReceiver();
    smtp = await startSmtp();
    await startAll();
    admin = await login(urlOf(0));
    const made = await call<{ webhook: { _id: string } }>(urlOf(0), '/api/webhooks', {
      method: 'POST',
      token: admin,
      body: { url: receiver.url, events: ['movement.created', 'stock.low', 'custody.overdue'] },
    });
    assert.equal(made.status, 201);
    ({ storeId } = await seedStock(urlOf(0), admin, 10));
    keeper = { email: `three.keeper.${Date.now()}@example.com`, password: 'three-keeper-pass', token: '' };
    const created = await call(urlOf(1), '/api/auth/create-user', {
      method: 'POST',
      token: admin,
      body: { name: 'Kim Keeper', email: keeper.email, password: keeper.password, role: 'user', stores: [storeId] },
    });
    assert.equal(created.status, 201);
    keeper.token = await login(urlOf(2), keeper.email, keeper.password);
  });

  after(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await receiver.close();
    await smtp.close();
    await database.drop();
  });

  it('sends each webhook event once and each notification email once, whichever process recorded it', async () => {
    const materials: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const material = await call<{ product: { _id: string } }>(urlOf(i), '/api/user/add-product', {
        method: 'POST',
        token: admin,
        body: { name: `Sealant ${i} ${Date.now()}`, totalQuantity: 100, storeId },
      });
      const id = material.body.product._id;
      materials.push(id);
      const reorder = await call(urlOf(i + 1), `/api/materials/${id}/reorder`, {
        method: 'PUT',
        token: admin,
        body: { minQty: 20, targetQty: 60 },
      });
      assert.equal(reorder.status, 200);
    }
    const mailsBefore = smtp.received.length;
    // 90 issues spread over the three processes at once; the last of each material's takes it under its minimum.
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        call(urlOf(i), '/api/user/consume-stock', { method: 'POST', token: admin, body: { productId: materials[i % 5], quantity: 5 } }),
      ),
    );
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [200]);
    // 5 openings, 90 issues and 5 low-stock events; each low stock is mailed to the keeper and the admin.
    // Every event of these new materials, the openings too (whenever they arrived).
    const ours = () =>
      receiver.received.filter((event) => materials.includes(String(event.json.data.itemId ?? event.json.data.materialId)));
    await until(ours, (events) => events.length >= 100, 30_000);
    await until(
      () => smtp.received.length - mailsBefore,
      (count) => count >= 10,
      30_000,
    );
    await sleep(2_000);
    const events = ours().map((event) => event.json);
    const ids = events.map((event) => event.id);
    const mails = smtp.received.slice(mailsBefore);
    console.log(`three processes: ${ids.length} events received, ${new Set(ids).size} distinct; ${mails.length} emails`);
    assert.equal(ids.length, 100);
    assert.equal(new Set(ids).size, 100);
    assert.equal(events.filter((event) => event.type === 'stock.low').length, 5);
    assert.equal(mails.length, 10);
    assert.deepEqual(
      [keeper.email, ADMIN.email].map((to) => mails.filter((mail) => mail.to.includes(to)).length),
      [5, 5],
    );
  });

  it('notes an overdue custody record and tells of a unit coming due for service once, when all three processes check at the same moment', async () => {
    const tool = await call<{ tool: { _id: string } }>(urlOf(0), '/api/user/add-tools', {
      method: 'POST',
      token: keeper.token,
      body: { name: `Drill ${Date.now()}`, totalQuantity: 2 },
    });
    assert.equal(tool.status, 201);
    const toolId = tool.body.tool._id;
    const worker = await call<{ worker: { _id: string } }>(urlOf(1), '/api/workers', {
      method: 'POST',
      token: keeper.token,
      body: { name: 'Ravi' },
    });
    const out = await call(urlOf(2), `/api/tools/${toolId}/checkout`, {
      method: 'POST',
      token: keeper.token,
      body: { workerId: worker.body.worker._id, quantity: 1 },
    });
    assert.equal(out.status, 201);
    const breaker = await call<{ tool: { _id: string; name: string } }>(urlOf(1), '/api/user/add-tools', {
      method: 'POST',
      token: keeper.token,
      body: { name: `Breaker ${Date.now()}`, totalQuantity: 0, tracking: 'serial' },
    });
    assert.equal(breaker.status, 201);
    const unit = await call<{ unit: { _id: string } }>(urlOf(2), `/api/tools/${breaker.body.tool._id}/units`, {
      method: 'POST',
      token: keeper.token,
      body: { serial: 'B1' },
    });
    assert.equal(unit.status, 201);
    const plan = await call<{ plan: { _id: string } }>(urlOf(0), '/api/service-plans', {
      method: 'POST',
      token: admin,
      body: { name: `Inspection ${Date.now()}`, intervalDays: 30 },
    });
    assert.equal(plan.status, 201);
    const planned = await call(urlOf(1), `/api/tools/${breaker.body.tool._id}/service-plans`, {
      method: 'PUT',
      token: admin,
      body: { planIds: [plan.body.plan._id] },
    });
    assert.equal(planned.status, 200);
    // The processes check for overdue custody and for units coming due as they start: restarted
    // together, all three check at once.
    await Promise.all(processes.map((server) => server.stop()));
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`update custody set due_at = now() - interval '1 hour' where tool_id = $1`, [toolId]);
    await sql.query('update unit_plans set due_on = current_date + 10 where unit_id = $1', [unit.body.unit._id]);
    await sql.end();
    await startAll();
    const overdue = () => receiver.received.filter((event) => event.json.type === 'custody.overdue' && event.json.data.toolId === toolId);
    await until(overdue, (events) => events.length >= 1, 20_000);
    const dueNotices = async () => {
      const answer = await call<{ notifications: { text: string }[] }>(urlOf(0), '/api/notifications', { token: keeper.token });
      return answer.body.notifications.filter((notice) => notice.text.includes(`${breaker.body.tool.name} B1`)).length;
    };
    await until(dueNotices, (count) => count >= 1, 20_000);
    await sleep(2_000);
    assert.equal(overdue().length, 1);
    assert.equal(await dueNotices(), 1);
  });

  it('shows in a report one process keeps what another just recorded', async () => {
    const { materialId, storeId: reportStore } = await seedStock(urlOf(0), admin, 50);
    const report = async () => {
      const rows = await call<{ materialId: string; consumedQuantity: number }[]>(
        urlOf(0),
        `/api/report/generate-report?storeId=${reportStore}&startDate=${today()}&endDate=${today()}`,
        { token: admin },
      );
      assert.equal(rows.status, 200);
      return rows.body.find((row) => row.materialId === materialId)?.consumedQuantity;
    };
    assert.equal(await report(), 0);
    assert.equal(await report(), 0);
    for (const i of [1, 2]) {
      const issued = await call(urlOf(i), '/api/user/consume-stock', {
        method: 'POST',
        token: admin,
        body: { productId: materialId, quantity: i },
      });
      assert.equal(issued.status, 200);
      assert.equal(await report(), i === 1 ? 1 : 3);
    }
  });

  it('counts wrong passwords across all three: of 30 at once, 10 are checked and 20 refused as too many', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(urlOf(i), '/auth/login', { method: 'POST', body: { email: keeper.email, password: `wrong-password-${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.deepEqual(
      { checked: statuses.filter((status) => status === 401).length, refused: statuses.filter((status) => status === 429).length },
      { checked: 10, refused: 20 },
    );
  });
});
