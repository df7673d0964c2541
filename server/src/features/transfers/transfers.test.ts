import { closingOf, type ReportRow, TRANSFER_NOT_REVERSIBLE } from '@stockyard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool, createUser, unique } from '../../../test/factories';

let t: TestApp;
let site: Awaited<ReturnType<typeof createStoreWithStaff>>;
let yard: { store: { _id: string; name: string }; keeper: { token: string } };

beforeAll(async () => {
  t = await buildTestApp();
  site = await createStoreWithStaff(t.app, t.database.db);
  const store = await createStore(t.app, site.admin.token, { name: unique('Yard') });
  yard = { store, keeper: await createUser(t.app, site.admin.token, { role: 'user', storeId: store._id }) };
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST';
function call(token: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type Material = { _id: string; name: string; availableQuantity: number; damagedQuantity: number; unit: string };
async function materialNamed(token: string, name: string): Promise<Material | undefined> {
  const list = (await call(token, 'GET', `/api/user/get-product?q=${encodeURIComponent(name)}`)).json() as Material[];
  return list.find((item) => item.name === name);
}
async function materialOf(token: string, material: { name: string }): Promise<Material> {
  const found = await materialNamed(token, material.name);
  if (!found) throw new Error(`${material.name} not found`);
  return found;
}

async function lowRow(token: string, materialId: string) {
  const rows = (await call(token, 'GET', '/api/low-stock')).json().rows as { materialId: string; suggested: number; inTransit: number }[];
  return rows.find((row) => row.materialId === materialId);
}

async function lowNotices(token: string, name: string) {
  const list = (await call(token, 'GET', '/api/notifications')).json().notifications as { text: string }[];
  return list.filter((notice) => notice.text.startsWith(`${name} is low`));
}

async function noticesOf(token: string): Promise<string[]> {
  return ((await call(token, 'GET', '/api/notifications')).json().notifications as { text: string }[]).map((notice) => notice.text);
}

describe('from a shortage to goods received: request, approval, dispatch, receipt', () => {
  it('runs the loop once per crossing, counts goods in transit, and records the receipt exactly', async () => {
    const name = unique('Cement');
    const cement = await createMaterial(t.app, site.keeper.token, { name, unit: 'bag', totalQuantity: 25 });
    const yardCement = await createMaterial(t.app, yard.keeper.token, { name, unit: 'bag', totalQuantity: 500 });
    await call(site.keeper.token, 'PUT', `/api/materials/${cement._id}/reorder`, { minQty: 20, targetQty: 60, packSize: 10 });

    // Issue 5: low, one notice, 40 suggested; one more: no second notice.
    await call(site.keeper.token, 'POST', '/api/user/consume-stock', { productId: cement._id, quantity: 5 });
    expect((await lowRow(site.keeper.token, cement._id))?.suggested).toBe(40);
    expect(await lowNotices(site.keeper.token, name)).toHaveLength(1);
    await call(site.keeper.token, 'POST', '/api/user/consume-stock', { productId: cement._id, quantity: 1 });
    expect(await lowNotices(site.keeper.token, name)).toHaveLength(1);

    // Request twice: one request, and the second answers the first.
    const body = { lines: [{ materialId: cement._id, quantity: 40 }] };
    const first = await call(site.keeper.token, 'POST', '/api/stock-requests', body);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(site.keeper.token, 'POST', '/api/stock-requests', body);
    expect(second.statusCode).toBe(200);
    expect(second.json().request._id).toBe(first.json().request._id);
    const requestId = first.json().request._id as string;
    expect(await noticesOf(site.admin.token)).toContain(`${site.store.name} requests 40 bag ${name}.`);
    expect((await lowRow(site.keeper.token, cement._id)) as unknown).toMatchObject({ openRequest: { _id: requestId, quantity: 40 } });

    // A keeper cannot approve; the admin approves from the yard: a draft that already counts.
    expect(
      (await call(site.keeper.token, 'POST', `/api/stock-requests/${requestId}/approve`, { sourceStoreId: yard.store._id })).statusCode,
    ).toBe(403);
    const approved = await call(site.admin.token, 'POST', `/api/stock-requests/${requestId}/approve`, { sourceStoreId: yard.store._id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request.status).toBe('approved');
    const transferId = approved.json().request.transferId as string;
    expect(await lowRow(site.keeper.token, cement._id)).toBeUndefined();

    // The receiving keeper cannot dispatch; the admin dispatches: the yard is 40 down, 40 in transit.
    expect((await call(site.keeper.token, 'POST', `/api/transfers/${transferId}/dispatch`)).statusCode).toBe(403);
    const dispatched = await call(site.admin.token, 'POST', `/api/transfers/${transferId}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json().transfer).toMatchObject({ status: 'dispatched', totals: { quantity: 40, inTransit: 40 } });
    expect((await materialOf(yard.keeper.token, yardCement)).availableQuantity).toBe(460);
    expect((await materialOf(site.keeper.token, cement)).availableQuantity).toBe(19);
    expect(await lowRow(site.keeper.token, cement._id)).toBeUndefined();
    expect(await lowNotices(site.keeper.token, name)).toHaveLength(1);
    expect((await call(site.keeper.token, 'GET', `/api/stock-requests/${requestId}`)).json().request.status).toBe('dispatched');
    const reference = dispatched.json().transfer.reference as string;
    expect(await noticesOf(site.keeper.token)).toContain(
      `${reference} from ${yard.store.name} is on its way to ${site.store.name}: 40 bag ${name}.`,
    );
    expect((await call(site.admin.token, 'POST', `/api/transfers/${transferId}/dispatch`)).statusCode).toBe(409);

    // The sender cannot receive; 41 against 40 is refused; one key sent twice records once.
    const lineId = dispatched.json().transfer.lines[0]._id as string;
    expect(
      (await call(yard.keeper.token, 'POST', `/api/transfers/${transferId}/receive`, { lines: [{ lineId, received: 40 }] })).statusCode,
    ).toBe(403);
    const tooMuch = await call(site.keeper.token, 'POST', `/api/transfers/${transferId}/receive`, {
      lines: [{ lineId, received: 39, damaged: 2 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('only 40 are still in transit');
    const receipt = { lines: [{ lineId, received: 38, damaged: 2 }] };
    const key = { 'idempotency-key': unique('receipt') };
    const [once, again] = [
      await call(site.keeper.token, 'POST', `/api/transfers/${transferId}/receive`, receipt, key),
      await call(site.keeper.token, 'POST', `/api/transfers/${transferId}/receive`, receipt, key),
    ];
    expect(once.statusCode, once.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(once.json());
    expect(once.json().transfer).toMatchObject({
      status: 'received_with_discrepancy',
      totals: { quantity: 40, received: 38, damaged: 2, lost: 0, inTransit: 0 },
    });
    expect(await noticesOf(yard.keeper.token)).toContain(
      `${reference} from ${yard.store.name} arrived at ${site.store.name} with 2 damaged.`,
    );
    const received = await materialOf(site.keeper.token, cement);
    expect(received.availableQuantity).toBe(19 + 38);
    expect(received.damagedQuantity).toBe(2);
    expect((await call(site.keeper.token, 'GET', `/api/stock-requests/${requestId}`)).json().request.status).toBe('received');

    // The transfer's page: its lines and the ledger rows of each step.
    const page = (await call(site.keeper.token, 'GET', `/api/transfers/${transferId}`)).json();
    expect(page.history.map((row: { kind: string; quantity: number }) => [row.kind, row.quantity])).toEqual([
      ['transfer_out', 40],
      ['store_transfer_in', 40],
      ['damage', 2],
    ]);
    // A transfer's ledger rows are corrected on the transfer, never reversed one by one.
    const reversal = await call(site.admin.token, 'POST', `/api/movements/${page.history[0]._id}/reverse`, { reason: 'Wrong store' });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().message).toBe(TRANSFER_NOT_REVERSIBLE);

    // Both stores' reports show it in its own columns, and each row adds up as printed.
    const today = new Date().toISOString().slice(0, 10);
    const reportRow = async (token: string) =>
      ((await call(token, 'GET', `/api/user/report?startDate=${today}&endDate=${today}`)).json().data as ReportRow[]).find(
        (row) => row.name === name,
      );
    const siteRow = await reportRow(site.keeper.token);
    const yardRow = await reportRow(yard.keeper.token);
    expect(siteRow).toMatchObject({
      transferredInQuantity: 40,
      transferredOutQuantity: 0,
      returnedToSupplierQuantity: 0,
      damagedQuantity: 2,
      currentAvailableQuantity: 57,
    });
    expect(yardRow).toMatchObject({ transferredInQuantity: 0, transferredOutQuantity: 40, currentAvailableQuantity: 460 });
    for (const row of [siteRow, yardRow] as ReportRow[]) expect(closingOf(row)).toBe(row.currentAvailableQuantity);

    // Received in full: a new request for it is a new request.
    const anew = await call(site.keeper.token, 'POST', '/api/stock-requests', body);
    expect(anew.statusCode).toBe(201);
  });
});

describe('transfers made by hand', () => {
  it('moves tools and materials to a store that has none of them yet, making them there', async () => {
    const drill = await createTool(t.app, yard.keeper.token, { name: unique('Drill'), totalQuantity: 3 });
    const sand = await createMaterial(t.app, yard.keeper.token, { name: unique('Sand'), unit: 'tonne', totalQuantity: 10 });
    const made = await call(yard.keeper.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: site.store._id,
      lines: [
        { toolId: drill._id, quantity: 2 },
        { materialId: sand._id, quantity: 4 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const transfer = made.json().transfer;
    expect(transfer.status).toBe('draft');
    expect((await call(yard.keeper.token, 'POST', `/api/transfers/${transfer._id}/dispatch`)).statusCode).toBe(200);
    const lines = transfer.lines as { _id: string; quantity: number }[];
    // Partly first, then the rest.
    const part = await call(site.keeper.token, 'POST', `/api/transfers/${transfer._id}/receive`, {
      lines: lines.map((line) => ({ lineId: line._id, received: 1 })),
    });
    expect(part.json().transfer.status).toBe('partially_received');
    const rest = await call(site.keeper.token, 'POST', `/api/transfers/${transfer._id}/receive`, {
      lines: lines.map((line) => ({ lineId: line._id, received: line.quantity - 1 })),
    });
    expect(rest.json().transfer.status).toBe('received');
    expect(await materialNamed(site.keeper.token, sand.name)).toMatchObject({
      unit: 'tonne',
      availableQuantity: 4,
      categoryname: 'Binders',
    });
  });

  it('refuses a dispatch the sender cannot cover, and an admin writes off what never arrives', async () => {
    const rebar = await createMaterial(t.app, yard.keeper.token, { name: unique('Rebar'), totalQuantity: 5 });
    const short = await call(site.admin.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: site.store._id,
      lines: [{ materialId: rebar._id, quantity: 6 }],
    });
    const refused = await call(site.admin.token, 'POST', `/api/transfers/${short.json().transfer._id}/dispatch`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Not enough ${rebar.name} to dispatch: 6 to send, 5 available.`);
    // Refused as a whole: still a draft, nothing moved; then cancelled.
    expect((await call(site.admin.token, 'GET', `/api/transfers/${short.json().transfer._id}`)).json().transfer.status).toBe('draft');
    expect((await call(site.keeper.token, 'POST', `/api/transfers/${short.json().transfer._id}/cancel`)).statusCode).toBe(403);
    expect((await call(yard.keeper.token, 'POST', `/api/transfers/${short.json().transfer._id}/cancel`)).json().transfer.status).toBe(
      'cancelled',
    );

    const sent = await call(site.admin.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: site.store._id,
      lines: [{ materialId: rebar._id, quantity: 5 }],
    });
    const id = sent.json().transfer._id as string;
    await call(site.admin.token, 'POST', `/api/transfers/${id}/dispatch`);
    await call(site.keeper.token, 'POST', `/api/transfers/${id}/receive`, {
      lines: [{ lineId: sent.json().transfer.lines[0]._id, received: 3 }],
    });
    expect((await call(site.keeper.token, 'POST', `/api/transfers/${id}/close`, { reason: 'Fell off the truck' })).statusCode).toBe(403);
    const closed = await call(site.admin.token, 'POST', `/api/transfers/${id}/close`, { reason: 'Fell off the truck' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().transfer).toMatchObject({
      status: 'received_with_discrepancy',
      closeReason: 'Fell off the truck',
      totals: { received: 3, lost: 2, inTransit: 0 },
    });
    const writtenOff = (await call(site.admin.token, 'GET', '/api/transfers?open=written_off')).json().transfers as { _id: string }[];
    expect(writtenOff.map((row) => row._id)).toContain(id);
    expect((await call(site.admin.token, 'POST', `/api/transfers/${id}/close`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('keeps to the caller’s stores and refuses a store sending to itself', async () => {
    const other = await createStoreWithStaff(t.app, t.database.db);
    const brick = await createMaterial(t.app, yard.keeper.token, { name: unique('Brick'), totalQuantity: 10 });
    const sameStore = await call(site.admin.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: yard.store._id,
      lines: [{ materialId: brick._id, quantity: 1 }],
    });
    expect(sameStore.statusCode).toBe(400);
    const notTheirs = await call(site.keeper.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: site.store._id,
      lines: [{ materialId: brick._id, quantity: 1 }],
    });
    expect(notTheirs.statusCode).toBe(403);
    const made = await call(yard.keeper.token, 'POST', '/api/transfers', {
      fromStoreId: yard.store._id,
      toStoreId: site.store._id,
      lines: [{ materialId: brick._id, quantity: 1 }],
    });
    expect((await call(other.keeper.token, 'GET', `/api/transfers/${made.json().transfer._id}`)).statusCode).toBe(404);
    const outgoing = (await call(yard.keeper.token, 'GET', `/api/transfers?direction=out`)).json().transfers as { _id: string }[];
    expect(outgoing.map((row) => row._id)).toContain(made.json().transfer._id);
    const incoming = (await call(yard.keeper.token, 'GET', `/api/transfers?direction=in`)).json().transfers as { _id: string }[];
    expect(incoming.map((row) => row._id)).not.toContain(made.json().transfer._id);
  });

  it('answers 20 requests for one material sent at once with one request, never a server error', async () => {
    const cement = await createMaterial(t.app, site.keeper.token, { name: unique('Cement'), unit: 'bag', totalQuantity: 5 });
    const body = { lines: [{ materialId: cement._id, quantity: 40 }] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(site.keeper.token, 'POST', '/api/stock-requests', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array.from({ length: 19 }, () => 200), 201]);
    const ids = new Set(answers.map((answer) => answer.json().request._id));
    expect(ids.size).toBe(1);
  });

  it('lets an admin reject a request with a reason, and a keeper withdraw one', async () => {
    const gravel = await createMaterial(t.app, site.keeper.token, { name: unique('Gravel'), totalQuantity: 1 });
    const sent = await call(site.keeper.token, 'POST', '/api/stock-requests', { lines: [{ materialId: gravel._id, quantity: 5 }] });
    const rejected = await call(site.admin.token, 'POST', `/api/stock-requests/${sent.json().request._id}/reject`, {
      reason: 'Order from the supplier',
    });
    expect(rejected.json().request).toMatchObject({ status: 'rejected', reason: 'Order from the supplier' });
    const again = await call(site.keeper.token, 'POST', '/api/stock-requests', { lines: [{ materialId: gravel._id, quantity: 5 }] });
    expect(again.statusCode).toBe(201);
    expect((await call(site.keeper.token, 'POST', `/api/stock-requests/${again.json().request._id}/cancel`)).json().request.status).toBe(
      'cancelled',
    );
    const missing = await call(site.admin.token, 'POST', `/api/stock-requests/${sent.json().request._id}/approve`, {
      sourceStoreId: yard.store._id,
    });
    expect(missing.statusCode).toBe(409);
    const list = (await call(site.keeper.token, 'GET', '/api/stock-requests?status=rejected')).json().requests as { _id: string }[];
    expect(list.map((row) => row._id)).toContain(sent.json().request._id);
  });
});
