import { randomBytes, randomUUID } from 'node:crypto';
import {
  ATTACHMENT_REPEATED,
  ATTACHMENTS_ADDED,
  ATTACHMENTS_ONLY_RECORDER,
  ATTACHMENTS_TOO_LATE,
  ATTACHMENTS_TOO_MANY,
  FILES_NOT_ATTACHABLE,
  SYNC_OP_DISCARDED,
  SYNC_OP_NOT_FOUND,
  SYNC_OP_NOT_RECORDED,
} from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStore, createStoreWithStaff, createTool, createUser, uploadFile } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { queryRows } from '../../db/sql';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let colleague: { token: string };
let elsewhere: { token: string };

/** A photo no one has sent before: random pixels. */
async function newFile(token: string): Promise<string> {
  const bytes = await sharp(randomBytes(32 * 24 * 3), { raw: { width: 32, height: 24, channels: 3 } })
    .jpeg()
    .toBuffer();
  const answer = await uploadFile(t.app, token, bytes);
  expect(answer.statusCode).toBe(201);
  return answer.json()._id;
}

function post(url: string, token: string, payload: object, key?: string) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, payload });
}

async function history(itemId: string, token = staff.keeper.token) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/movements?itemId=${itemId}`, headers: bearer(token) });
  return answer.json().movements as { _id: string; kind: string; attachments: { _id: string; type: string }[] }[];
}

async function attachmentRows() {
  return (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from movement_attachments`))[0]?.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  colleague = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
  const otherStore = await createStore(t.app, staff.admin.token);
  elsewhere = await createUser(t.app, staff.admin.token, { role: 'user', storeId: otherStore._id });
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

describe('photos a phone queued with an op', () => {
  it('attach to the line the op became, once it is in the ledger, and only for whoever sent it', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const op = (quantity: number) => ({
      opId: randomUUID(),
      kind: 'issue',
      itemKind: 'material',
      itemId: cement._id,
      quantity,
      capturedAt: new Date().toISOString(),
      storeId: staff.store._id,
    });
    const applied = op(2);
    const parked = op(50);
    const synced = await post('/api/sync/movements', staff.keeper.token, { ops: [applied, parked] });
    expect(synced.json().results.map((result: { status: string }) => result.status)).toEqual(['applied', 'parked']);

    const photo = await newFile(staff.keeper.token);
    const attached = await post(`/api/sync/ops/${applied.opId}/attachments`, staff.keeper.token, { attachments: [photo] });
    expect([attached.statusCode, attached.json().attachments]).toEqual([200, [{ _id: photo, type: 'image/jpeg' }]]);
    const [line] = await history(cement._id);
    expect(line?.attachments.map((file) => file._id)).toEqual([photo]);

    const waiting = await post(`/api/sync/ops/${parked.opId}/attachments`, staff.keeper.token, { attachments: [photo] });
    expect([waiting.statusCode, waiting.json().message]).toEqual([409, SYNC_OP_NOT_RECORDED]);
    const [parkedRow] = (await t.app.inject({ method: 'GET', url: '/api/sync/parked', headers: bearer(staff.admin.token) })).json()
      .parked as { _id: string }[];
    const discarded = await post(`/api/sync/parked/${parkedRow?._id}/discard`, staff.admin.token, { reason: 'Counted twice' });
    expect(discarded.statusCode).toBe(200);
    const gone = await post(`/api/sync/ops/${parked.opId}/attachments`, staff.keeper.token, { attachments: [photo] });
    expect([gone.statusCode, gone.json().message]).toEqual([409, SYNC_OP_DISCARDED]);
    for (const [opId, token] of [
      [randomUUID(), staff.keeper.token],
      [applied.opId, colleague.token],
    ] as const) {
      const unknown = await post(`/api/sync/ops/${opId}/attachments`, token, { attachments: [await newFile(token)] });
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, SYNC_OP_NOT_FOUND]);
    }
  });

  it('attach to the line a single call recorded under the op id as its key: the phone sent it online and lost the answer', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 10 });
    const opId = randomUUID();
    const issued = await post('/api/user/consume-stock', staff.keeper.token, { productId: cement._id, quantity: 3 }, opId);
    expect(issued.statusCode).toBe(200);
    const photo = await newFile(staff.keeper.token);
    for (let send = 0; send < 2; send += 1) {
      const attached = await post(`/api/sync/ops/${opId}/attachments`, staff.keeper.token, { attachments: [photo] }, randomUUID());
      expect([attached.statusCode, attached.json().attachments]).toEqual([200, [{ _id: photo, type: 'image/jpeg' }]]);
    }
    const [line] = await history(cement._id);
    expect([line?.kind, line?.attachments.map((file) => file._id)]).toEqual(['issue', [photo]]);
    const other = await post(`/api/sync/ops/${opId}/attachments`, colleague.token, { attachments: [await newFile(colleague.token)] });
    expect([other.statusCode, other.json().message]).toEqual([404, SYNC_OP_NOT_FOUND]);
  });
});

describe('attachments on ledger lines', () => {
  it('attaches photos to an issue in its statement; the history shows them in order, and the store may see them', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 100 });
    const [first, second] = [await newFile(staff.keeper.token), await newFile(staff.keeper.token)];
    const issued = await post('/api/user/consume-stock', staff.keeper.token, {
      productId: cement._id,
      quantity: 8,
      attachments: [first, second],
    });
    expect(issued.statusCode).toBe(200);
    const [line] = await history(cement._id);
    expect(line?.attachments).toEqual([
      { _id: first, type: 'image/jpeg' },
      { _id: second, type: 'image/jpeg' },
    ]);

    // The admin and a colleague of the store now see the photo; a keeper of another store does not.
    for (const [token, status] of [
      [staff.admin.token, 200],
      [colleague.token, 200],
      [elsewhere.token, 404],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: `/api/files/${first}`, headers: bearer(token) })).statusCode).toBe(status);
    }
  });

  it('refuses a file that does not exist, is not yours, is named twice or is one too many, and moves nothing', async () => {
    const sand = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 50 });
    const theirs = await newFile(elsewhere.token);
    const mine = await newFile(staff.keeper.token);
    const many = await Promise.all(Array.from({ length: 11 }, () => newFile(staff.keeper.token)));
    const before = await attachmentRows();
    for (const [attachments, message] of [
      [[mine, randomUUID()], FILES_NOT_ATTACHABLE],
      [[theirs], FILES_NOT_ATTACHABLE],
      [[mine, mine], ATTACHMENT_REPEATED],
      [many, ATTACHMENTS_TOO_MANY],
    ] as const) {
      const answer = await post('/api/user/consume-stock', staff.keeper.token, { productId: sand._id, quantity: 1, attachments });
      expect([answer.statusCode, answer.json().message]).toEqual([400, message]);
    }
    const refused = await post('/api/user/consume-stock', staff.keeper.token, {
      productId: sand._id,
      quantity: 1,
      attachments: [mine, randomUUID()],
    });
    expect(refused.json().issues).toEqual([{ path: 'body.attachments.1', message: FILES_NOT_ATTACHABLE }]);
    expect(await history(sand._id)).toHaveLength(1);
    expect(await attachmentRows()).toBe(before);
  });

  it('attaches photos to a supplier delivery, a hand-over to a worker and the return of what came back', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 5 });
    const note = await newFile(staff.keeper.token);
    const delivered = await post('/api/supply/add', staff.keeper.token, {
      productId: cement._id,
      quantity: 40,
      supplier: 'Acme',
      dateReceived: new Date().toISOString().slice(0, 10),
      attachments: [note],
    });
    expect(delivered.statusCode).toBe(201);
    const [delivery] = await history(cement._id);
    expect([delivery?.kind, delivery?.attachments.map((file) => file._id)]).toEqual(['delivery', [note]]);
    expect(delivered.json().supply.attachments).toEqual([{ _id: note, type: 'image/jpeg' }]);
    // The supplies list shows each delivery's files.
    const supplies = await t.app.inject({ method: 'GET', url: '/api/supply/all', headers: bearer(staff.keeper.token) });
    const listed = (supplies.json() as { productId: { _id: string } | null; attachments: { _id: string }[] }[]).find(
      (supply) => supply.productId?._id === cement._id,
    );
    expect(listed?.attachments.map((file) => file._id)).toEqual([note]);

    const grinder = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const worker = (await post('/api/workers', staff.keeper.token, { name: 'Ada Mason', trade: 'Mason' })).json().worker;
    const [handedOver, cameBack] = [await newFile(staff.keeper.token), await newFile(staff.keeper.token)];
    const checkout = await post(`/api/tools/${grinder._id}/checkout`, staff.keeper.token, {
      workerId: worker._id,
      quantity: 2,
      attachments: [handedOver],
    });
    expect(checkout.statusCode).toBe(201);
    const returned = await post(`/api/custody/${checkout.json().custody._id}/return`, staff.keeper.token, {
      good: 1,
      damaged: 1,
      note: 'Guard cracked',
      attachments: [cameBack],
    });
    expect(returned.statusCode).toBe(200);
    const lines = await history(grinder._id);
    const proofOf = (kind: string) => lines.find((line) => line.kind === kind)?.attachments.map((file) => file._id);
    expect([proofOf('checkout'), proofOf('checkin'), proofOf('damaged_return')]).toEqual([[handedOver], [cameBack], [cameBack]]);
    // The custody record shows its photos, each once, in the order they were taken.
    const records = await t.app.inject({ method: 'GET', url: `/api/custody?toolId=${grinder._id}`, headers: bearer(staff.keeper.token) });
    expect(records.json().custody[0].photos.map((file: { _id: string }) => file._id)).toEqual([handedOver, cameBack]);
  });

  it('attaches photos of what arrived to the lines a transfer receipt writes, seen by both stores of the transfer', async () => {
    const site = await createStore(t.app, staff.admin.token);
    const siteKeeper = await createUser(t.app, staff.admin.token, { role: 'user', storeId: site._id });
    const lime = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    const created = await post('/api/transfers', staff.admin.token, {
      fromStoreId: staff.store._id,
      toStoreId: site._id,
      lines: [{ materialId: lime._id, quantity: 6 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const transferId = created.json().transfer._id as string;
    expect((await post(`/api/transfers/${transferId}/dispatch`, staff.admin.token, {})).statusCode).toBe(200);
    const lineId = created.json().transfer.lines[0]._id as string;
    const waybill = await newFile(siteKeeper.token);
    const received = await post(`/api/transfers/${transferId}/receive`, siteKeeper.token, {
      lines: [{ lineId, received: 5, damaged: 1 }],
      attachments: [waybill],
    });
    expect(received.statusCode, received.body).toBe(200);
    const arrived = await t.app.inject({ method: 'GET', url: '/api/movements', headers: bearer(siteKeeper.token) });
    const lines = arrived.json().movements as { kind: string; attachments: { _id: string }[] }[];
    expect(lines.map((line) => [line.kind, line.attachments.map((file) => file._id)]).sort()).toEqual([
      ['damage', [waybill]],
      ['store_transfer_in', [waybill]],
    ]);
    // Both stores of the transfer see its proof; a third store does not.
    const fileFor = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/files/${waybill}`, headers: bearer(token) })).statusCode;
    expect([await fileFor(staff.keeper.token), await fileFor(elsewhere.token)]).toEqual([200, 404]);
  });

  it('attaches once when the same issue is sent twice under one key', async () => {
    const gravel = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 30 });
    const file = await newFile(staff.keeper.token);
    const key = randomUUID();
    const body = { productId: gravel._id, quantity: 3, attachments: [file] };
    const answers = await Promise.all([
      post('/api/user/consume-stock', staff.keeper.token, body, key),
      post('/api/user/consume-stock', staff.keeper.token, body, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const lines = await history(gravel._id);
    expect(lines.filter((line) => line.kind === 'issue').map((line) => line.attachments.length)).toEqual([1]);
  });

  it('attaches to a tool issue and to a reversal', async () => {
    const drill = await createTool(t.app, staff.keeper.token, { totalQuantity: 3 });
    const handed = await newFile(staff.keeper.token);
    expect(
      (await post('/api/user/add-consumed-tool', staff.keeper.token, { toolId: drill._id, quantity: 1, attachments: [handed] })).statusCode,
    ).toBe(200);
    const [issue] = await history(drill._id);
    expect(issue?.attachments.map((file) => file._id)).toEqual([handed]);

    const note = await newFile(staff.keeper.token);
    const reversal = await post(`/api/movements/${issue?._id}/reverse`, staff.keeper.token, { reason: 'Wrong drill', attachments: [note] });
    expect(reversal.statusCode).toBe(200);
    expect(reversal.json().movement.attachments).toEqual([{ _id: note, type: 'image/jpeg' }]);
  });

  it('lets the recorder add photos within the day, audited, never more than 10, and no one else', async () => {
    const rebar = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    const first = await newFile(staff.keeper.token);
    await post('/api/user/consume-stock', staff.keeper.token, { productId: rebar._id, quantity: 2, attachments: [first] });
    const [line] = await history(rebar._id);
    const url = `/api/movements/${line?._id}/attachments`;

    const later = await newFile(staff.keeper.token);
    const added = await post(url, staff.keeper.token, { attachments: [later, first] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      message: ATTACHMENTS_ADDED,
      attachments: [
        { _id: first, type: 'image/jpeg' },
        { _id: later, type: 'image/jpeg' },
      ],
    });
    // The same again adds nothing and writes no second audit event.
    expect((await post(url, staff.keeper.token, { attachments: [later] })).json().attachments).toHaveLength(2);
    const audits = await queryRows<{ action: string; entity_type: string }>(
      t.database.db,
      sql`select action, entity_type from audit_events where entity_id = ${line?._id ?? ''}`,
    );
    expect(audits).toEqual([{ action: 'attach', entity_type: 'movement' }]);

    const colleagues = await newFile(colleague.token);
    const notTheirs = await post(url, colleague.token, { attachments: [colleagues] });
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([403, ATTACHMENTS_ONLY_RECORDER]);
    expect((await post(url, elsewhere.token, { attachments: [await newFile(elsewhere.token)] })).statusCode).toBe(404);
    expect((await post(url, staff.keeper.token, { attachments: [] })).statusCode).toBe(400);

    const eight = await Promise.all(Array.from({ length: 8 }, () => newFile(staff.keeper.token)));
    expect((await post(url, staff.keeper.token, { attachments: eight })).statusCode).toBe(200);
    const eleventh = await post(url, staff.keeper.token, { attachments: [await newFile(staff.keeper.token)] });
    expect([eleventh.statusCode, eleventh.json().message]).toEqual([409, ATTACHMENTS_TOO_MANY]);
    expect((await history(rebar._id))[0]?.attachments).toHaveLength(10);
  });

  it('lets two additions at once pass the limit of 10 together never', async () => {
    const tiles = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 20 });
    await post('/api/user/consume-stock', staff.keeper.token, {
      productId: tiles._id,
      quantity: 1,
      attachments: [await newFile(staff.keeper.token), await newFile(staff.keeper.token)],
    });
    const [line] = await history(tiles._id);
    const batches = [
      await Promise.all(Array.from({ length: 5 }, () => newFile(staff.keeper.token))),
      await Promise.all(Array.from({ length: 5 }, () => newFile(staff.keeper.token))),
    ];
    const answers = await Promise.all(
      batches.map((batch) => post(`/api/movements/${line?._id}/attachments`, staff.keeper.token, { attachments: batch })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await history(tiles._id))[0]?.attachments).toHaveLength(7);
  });

  it('refuses additions a day after the line reached the server, and attachments are never changed or removed', async () => {
    const lime = await createMaterial(t.app, staff.keeper.token, { totalQuantity: 0 });
    // A line recorded 25 hours ago by the keeper: a zero-value revaluation moves no counter.
    const [old] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into movements (store_id, item_kind, item_id, kind, quantity, recorded_at, actor_id)
          values (${staff.store._id}, 'material', ${lime._id}, 'revaluation', 0, now() - interval '25 hours', ${staff.keeper._id})
          returning id`,
    );
    const late = await post(`/api/movements/${old?.id}/attachments`, staff.keeper.token, {
      attachments: [await newFile(staff.keeper.token)],
    });
    expect([late.statusCode, late.json().message]).toEqual([409, ATTACHMENTS_TOO_LATE]);
    // A photo the phone queued with the line follows it by the op's id, however late.
    const opId = randomUUID();
    await t.database.db.execute(
      sql`insert into sync_ops (user_id, op_id, fingerprint, store_id, kind, item_kind, item_id, quantity, reason, captured_at, state, movement_id)
          values (${staff.keeper._id}, ${opId}, 'f', ${staff.store._id}, 'issue', 'material', ${lime._id}, 1, '',
                  now() - interval '26 hours', 'applied', ${old?.id})`,
    );
    const queued = await post(`/api/sync/ops/${opId}/attachments`, staff.keeper.token, {
      attachments: [await newFile(staff.keeper.token)],
    });
    expect([queued.statusCode, queued.json().attachments?.length]).toEqual([200, 1]);

    const before = await attachmentRows();
    for (const change of [sql`delete from movement_attachments`, sql`update movement_attachments set attached_at = now()`]) {
      const failure = await t.database.db.execute(change).then(
        () => null,
        (error: Error) => error,
      );
      expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    }
    expect(await attachmentRows()).toBe(before);
  });
});
