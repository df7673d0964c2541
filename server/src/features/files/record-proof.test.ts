import { randomBytes, randomUUID } from 'node:crypto';
import { ATTACHMENTS_TOO_MANY } from '@stockyard/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createMaterial,
  createPlacedOrder,
  createStore,
  createStoreWithStaff,
  createUser,
  uploadFile,
} from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { readPdfText } from '../../../test/pdf-text';

// Photos on the records that are not a single movement: transfer dispatches, receipts against a
// purchase order, count lines; and the delivery and transfer notes that print them.

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let elsewhere: { token: string };

async function newPhoto(token: string, type: 'jpeg' | 'webp' = 'jpeg'): Promise<string> {
  const image = sharp(randomBytes(32 * 24 * 3), { raw: { width: 32, height: 24, channels: 3 } });
  const answer = await uploadFile(t.app, token, await (type === 'jpeg' ? image.jpeg() : image.webp()).toBuffer());
  expect(answer.statusCode).toBe(201);
  return answer.json()._id;
}

function send(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, key?: string) {
  return t.app.inject({ method, url, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, payload });
}

type Line = { kind: string; attachments: { _id: string }[] };
async function proofOf(itemId: string, token = staff.keeper.token) {
  const lines = (await send('GET', `/api/movements?itemId=${itemId}`, token)).json().movements as Line[];
  return lines.map((line) => [line.kind, line.attachments.map((file) => file._id)]);
}

/** How many images a PDF draws: pdfkit writes each as an XObject of subtype Image. */
function imagesIn(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  const otherStore = await createStore(t.app, staff.admin.token);
  elsewhere = await createUser(t.app, staff.admin.token, { role: 'user', storeId: otherStore._id });
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

describe('photos on transfers', () => {
  it('go on every line a dispatch writes, show in the transfer’s history and print on its note once each', async () => {
    const site = await createStore(t.app, staff.admin.token);
    const siteKeeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: site._id });
    const [lime, sand] = [
      await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 }),
      await createMaterial(t.app, staff.keeper.token, { totalQuantity: 9 }),
    ];
    const created = await send('POST', '/api/transfers', staff.keeper.token, {
      fromStoreId: staff.store._id,
      toStoreId: site._id,
      lines: [
        { materialId: lime._id, quantity: 6 },
        { materialId: sand._id, quantity: 4 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json().transfer as { _id: string; lines: { _id: string; itemId: string }[] };
    const [truck, waybill] = [await newPhoto(staff.keeper.token), await newPhoto(staff.keeper.token, 'webp')];
    const dispatched = await send('POST', `/api/transfers/${transfer._id}/dispatch`, staff.keeper.token, { attachments: [truck, waybill] });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await proofOf(lime._id)).toContainEqual(['transfer_out', [truck, waybill]]);
    expect(await proofOf(sand._id)).toContainEqual(['transfer_out', [truck, waybill]]);

    const arrival = await newPhoto(siteKeeper.token);
    const received = await send('POST', `/api/transfers/${transfer._id}/receive`, siteKeeper.token, {
      lines: [{ lineId: transfer.lines[0]?._id, received: 6 }],
      attachments: [arrival],
    });
    expect(received.statusCode, received.body).toBe(200);

    const detail = (await send('GET', `/api/transfers/${transfer._id}`, siteKeeper.token)).json();
    expect(detail.history.map((line: Line) => [line.kind, line.attachments.map((file) => file._id)])).toEqual([
      ['transfer_out', [truck, waybill]],
      ['transfer_out', [truck, waybill]],
      ['store_transfer_in', [arrival]],
    ]);

    const note = await send('GET', `/api/transfers/${transfer._id}/pdf`, siteKeeper.token);
    expect([note.statusCode, note.headers['content-type']]).toEqual([200, 'application/pdf']);
    // Three photos, each once though the dispatch's are on two lines; the WebP prints as its JPEG thumbnail.
    expect(imagesIn(note.rawPayload)).toBe(3);
    const text = (await readPdfText(note.rawPayload)).pages.flat().join(' ');
    expect(text).toContain(`Transfer ${detail.transfer.reference}`);
    expect(text).toMatch(/1\. Dispatched, .+2\. Dispatched, .+3\. Received, /);
    expect((await send('GET', `/api/transfers/${transfer._id}/pdf`, elsewhere.token)).statusCode).toBe(404);
  });

  it('dispatches with no body at all, as before', async () => {
    const site = await createStore(t.app, staff.admin.token);
    const gravel = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const created = await send('POST', '/api/transfers', staff.keeper.token, {
      fromStoreId: staff.store._id,
      toStoreId: site._id,
      lines: [{ materialId: gravel._id, quantity: 2 }],
    });
    const dispatched = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${created.json().transfer._id}/dispatch`,
      headers: bearer(staff.keeper.token),
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await proofOf(gravel._id)).toContainEqual(['transfer_out', []]);
  });
});

describe('photos on receipts against a purchase order', () => {
  it('go on the delivery and the damage lines the receipt writes', async () => {
    const { material, order, lineId } = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const note = await newPhoto(staff.keeper.token);
    const received = await send('POST', `/api/purchase-orders/${order._id}/receipts`, staff.keeper.token, {
      receivedAt: new Date().toISOString().slice(0, 10),
      lines: [{ lineId, received: 8, damaged: 2 }],
      attachments: [note],
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json().receiptId).toEqual(expect.any(String));
    expect((await proofOf(material._id)).sort()).toEqual([
      ['damage', [note]],
      ['delivery', [note]],
    ]);
  });

  it('are listed with the order’s receipts, each file once, for whoever may see the order', async () => {
    const { material, order, lineId } = await createPlacedOrder(t.app, staff, { quantity: 20 });
    const [note, crate] = [await newPhoto(staff.keeper.token), await newPhoto(staff.keeper.token)];
    const today = new Date().toISOString().slice(0, 10);
    const first = { receivedAt: today, deliveryNote: 'DN-1', lines: [{ lineId, received: 8, damaged: 2 }], attachments: [note, crate] };
    expect((await send('POST', `/api/purchase-orders/${order._id}/receipts`, staff.keeper.token, first)).statusCode).toBe(201);
    const key = randomUUID();
    const second = { receivedAt: today, lines: [{ lineId, received: 5 }] };
    expect((await send('POST', `/api/purchase-orders/${order._id}/receipts`, staff.keeper.token, second, key)).statusCode).toBe(201);
    const late = await newPhoto(staff.keeper.token);
    expect((await send('POST', `/api/sync/ops/${key}/attachments`, staff.keeper.token, { attachments: [late, note] })).statusCode).toBe(
      200,
    );

    const answer = await send('GET', `/api/purchase-orders/${order._id}/receipts`, staff.keeper.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const receipts = answer.json().receipts as {
      deliveryNote: string | null;
      receivedBy: string;
      lines: object[];
      attachments: { _id: string }[];
    }[];
    expect(receipts.map((receipt) => [receipt.deliveryNote, receipt.attachments.map((file) => file._id)])).toEqual([
      ['DN-1', [note, crate]],
      [null, [late, note]],
    ]);
    expect(receipts[0]?.receivedBy).toBe('Pat Keeper');
    expect(receipts[0]?.lines).toEqual([
      { lineId, name: material.name, unit: 'bag', received: 8, damaged: 2, deliveryId: expect.any(String) },
    ]);
    const deliveryId = (receipts[0]?.lines[0] as { deliveryId?: string } | undefined)?.deliveryId;
    expect((await send('GET', `/api/supply/${deliveryId}/pdf`, staff.keeper.token)).statusCode).toBe(200);
    expect((await send('GET', `/api/purchase-orders/${order._id}/receipts`, elsewhere.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/purchase-orders/${randomUUID()}/receipts`, staff.admin.token)).statusCode).toBe(404);
  });

  it('that a phone queued with a synced receipt, or with one it sent online and lost the answer to, follow it by the op id', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const synced = await createPlacedOrder(t.app, staff, { quantity: 10 });
    const op = {
      opId: randomUUID(),
      kind: 'po-receipt',
      purchaseOrderId: synced.order._id,
      storeId: staff.store._id,
      capturedAt: new Date().toISOString(),
      receivedAt: today,
      lines: [{ lineId: synced.lineId, received: 10 }],
    };
    const early = await newPhoto(staff.keeper.token);
    expect((await send('POST', `/api/sync/ops/${op.opId}/attachments`, staff.keeper.token, { attachments: [early] })).statusCode).toBe(404);
    const answer = await send('POST', '/api/sync/movements', staff.keeper.token, { ops: [op] });
    expect(answer.json().results[0].status).toBe('applied');
    const attached = await send('POST', `/api/sync/ops/${op.opId}/attachments`, staff.keeper.token, { attachments: [early] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(await proofOf(synced.material._id)).toEqual([['delivery', [early]]]);

    const online = await createPlacedOrder(t.app, staff, { quantity: 4 });
    const key = randomUUID();
    const receipt = { receivedAt: today, lines: [{ lineId: online.lineId, received: 4 }] };
    expect((await send('POST', `/api/purchase-orders/${online.order._id}/receipts`, staff.keeper.token, receipt, key)).statusCode).toBe(
      201,
    );
    const late = await newPhoto(staff.keeper.token);
    expect((await send('POST', `/api/sync/ops/${key}/attachments`, staff.keeper.token, { attachments: [late] })).statusCode).toBe(200);
    expect(await proofOf(online.material._id)).toEqual([['delivery', [late]]]);
  });
});

describe('photos on count lines', () => {
  it('stay with the line, go on the adjustment it posts, and are seen only in the count’s store', async () => {
    const bolts = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    const count = (await send('POST', '/api/counts', staff.keeper.token, { itemKind: 'material', itemIds: [bolts._id] })).json().count;
    const [shelf, again] = [await newPhoto(staff.keeper.token), await newPhoto(staff.keeper.token)];
    const line = `/api/counts/${count._id}/lines/${bolts._id}`;
    const first = await send('PUT', line, staff.keeper.token, { counted: 47, attachments: [shelf] });
    expect([first.statusCode, first.json().line.attachments]).toEqual([200, [{ _id: shelf, type: 'image/jpeg' }]]);
    // A recount keeps the first photo and adds the new one; the same one twice is kept once.
    const recount = await send('PUT', line, staff.keeper.token, { counted: 46, attachments: [shelf, again] });
    expect(recount.json().line.attachments.map((file: { _id: string }) => file._id)).toEqual([shelf, again]);
    expect((await send('GET', `/api/files/${shelf}?thumb=1`, staff.admin.token)).statusCode).toBe(200);
    expect((await send('GET', `/api/files/${shelf}`, elsewhere.token)).statusCode).toBe(404);

    const crowded = await Promise.all(Array.from({ length: 9 }, () => newPhoto(staff.keeper.token)));
    const tooMany = await send('PUT', line, staff.keeper.token, { counted: 46, attachments: crowded });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, ATTACHMENTS_TOO_MANY]);

    expect((await send('POST', `/api/counts/${count._id}/submit`, staff.keeper.token)).statusCode).toBe(200);
    const posted = await send('POST', `/api/counts/${count._id}/post`, staff.admin.token, { reasons: { [bolts._id]: 'Box split' } });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await proofOf(bolts._id)).toContainEqual(['adjustment', [shelf, again]]);
  });
});

describe('the delivery note', () => {
  it('prints a delivery’s lines and its photos, for the store that received it only', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    const [bags, paper] = [await newPhoto(staff.keeper.token), await newPhoto(staff.keeper.token)];
    const added = await send('POST', '/api/supply/add', staff.keeper.token, {
      productId: cement._id,
      quantity: 40,
      supplier: 'Acme Cement',
      dateReceived: new Date().toISOString().slice(0, 10),
      attachments: [bags, paper],
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().supply._id as string;
    const note = await send('GET', `/api/supply/${id}/pdf`, staff.keeper.token);
    expect([note.statusCode, note.headers['content-type'], imagesIn(note.rawPayload)]).toEqual([200, 'application/pdf', 2]);
    const { pages } = await readPdfText(note.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.join(' ')).toContain(`Delivery note - ${cement.name} from Acme Cement`);
    expect(pages[0]?.join(' ')).toContain('Received');
    expect(pages[1]?.join(' ')).toMatch(/1\. Received, .+2\. Received, /);
    expect((await send('GET', `/api/supply/${id}/pdf`, elsewhere.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/supply/${randomUUID()}/pdf`, staff.keeper.token)).statusCode).toBe(404);
  });
});
