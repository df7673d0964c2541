import { afterEach, describe, expect, it, vi } from 'vitest';
import { cement } from '../../test/fixtures';
import { signInAs, stubApi } from '../../test/render';
import { discardAll, enqueue, type QueuedOp, signatureOf, waitingOps, waitingPhotoCount, waitingPhotos } from './outbox';
import { syncNow } from './sync';

const USER_ID = '7f1c2b3a-0000-4000-8000-000000000002';
const token = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s'] })).replace(/=+$/, '')}.sig`;

function issueOp(opId: string): QueuedOp {
  return {
    opId,
    kind: 'issue',
    itemKind: 'material',
    itemId: cement._id,
    storeId: cement.storeId._id,
    quantity: 2,
    reason: '',
    capturedAt: new Date().toISOString(),
    userId: USER_ID,
    itemName: cement.name,
    itemUnit: 'bag',
  };
}

const photo = () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).buffer, type: 'image/jpeg' });
const applied = (body: unknown) => ({
  body: { results: (body as { ops: { opId: string }[] }).ops.map((op) => ({ opId: op.opId, status: 'applied', movementId: 'm1' })) },
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await discardAll(USER_ID);
});

describe('photos queued with an entry', () => {
  it('go after their entry: each uploaded once, then attached by the entry id, then let go', async () => {
    signInAs('user', token);
    const opId = crypto.randomUUID();
    await enqueue(issueOp(opId), [photo(), photo()]);
    let uploads = 0;
    const calls = stubApi({
      'POST /api/sync/movements': applied,
      'POST /api/files': () => {
        uploads += 1;
        return { status: 201, body: { _id: `file-${uploads}`, sha256: 'x', type: 'image/jpeg', size: 7 } };
      },
      [`POST /api/sync/ops/${opId}/attachments`]: (body) => ({ body: { message: 'Attachments added.', attachments: body } }),
    });
    await syncNow();
    expect(calls.map((call) => call.key)).toEqual([
      'POST /api/sync/movements',
      'POST /api/files',
      `POST /api/sync/ops/${opId}/attachments`,
      'POST /api/files',
      `POST /api/sync/ops/${opId}/attachments`,
    ]);
    expect(calls.filter((call) => call.key.endsWith('/attachments')).map((call) => call.body)).toEqual([
      { attachments: ['file-1'] },
      { attachments: ['file-2'] },
    ]);
    expect(await waitingPhotos(USER_ID)).toEqual([]);
  });

  it('wait while their entry is in Needs attention without being sent again, and go once it was discarded', async () => {
    signInAs('user', token);
    const opId = crypto.randomUUID();
    await enqueue(issueOp(opId), [photo()]);
    let answer = { status: 409, body: { message: 'waits', code: 'SYNC_OP_NOT_RECORDED' } };
    const calls = stubApi({
      'POST /api/sync/movements': (body) => ({
        body: { results: (body as { ops: { opId: string }[] }).ops.map((op) => ({ opId: op.opId, status: 'parked' })) },
      }),
      'POST /api/files': { status: 201, body: { _id: 'file-1', sha256: 'x', type: 'image/jpeg', size: 7 } },
      [`POST /api/sync/ops/${opId}/attachments`]: () => answer,
    });
    await syncNow();
    const [kept] = await waitingPhotos(USER_ID);
    expect(kept?.fileId).toBe('file-1');

    answer = { status: 409, body: { message: 'discarded', code: 'SYNC_OP_DISCARDED' } };
    await syncNow();
    expect(calls.filter((call) => call.key === 'POST /api/files')).toHaveLength(1);
    expect(calls.filter((call) => call.key.endsWith('/attachments'))).toHaveLength(2);
    expect(await waitingPhotos(USER_ID)).toEqual([]);
  });

  it('do not hold back their entry: an upload with no answer leaves the entry sent and the photo kept', async () => {
    signInAs('user', token);
    const opId = crypto.randomUUID();
    await enqueue(issueOp(opId), [photo()]);
    const calls = stubApi({
      'POST /api/sync/movements': applied,
      'POST /api/files': { connectionLost: true },
    });
    await syncNow();
    expect(calls.map((call) => call.key)).toEqual(['POST /api/sync/movements', 'POST /api/files']);
    const [kept] = await waitingPhotos(USER_ID);
    expect([kept?.opId, kept?.fileId]).toEqual([opId, undefined]);
  });

  it('a hand-over queued with the worker’s signature uploads it first and sends it inside the op, once', async () => {
    signInAs('user', token);
    const opId = crypto.randomUUID();
    const handover: QueuedOp = {
      opId,
      kind: 'tool-issue',
      itemKind: 'tool',
      itemId: cement._id,
      storeId: cement.storeId._id,
      quantity: 1,
      capturedAt: new Date().toISOString(),
      workerId: crypto.randomUUID(),
      userId: USER_ID,
      itemName: 'Drill',
      itemUnit: '',
    };
    await enqueue(handover, [], { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer, type: 'image/png' });
    // A signature is not a photo waiting to follow its op.
    expect(await waitingPhotoCount(USER_ID)).toBe(0);
    let sends = 0;
    const calls = stubApi({
      'POST /api/files': { status: 201, body: { _id: 'signature-file', sha256: 'x', type: 'image/png', size: 4 } },
      'POST /api/sync/movements': (body) => {
        sends += 1;
        // The first sending gets no answer: the second names the same file without uploading it again.
        if (sends === 1) return { connectionLost: true };
        return applied(body);
      },
    });
    await syncNow();
    expect((await waitingOps(USER_ID))[0]).toMatchObject({ opId, signature: 'signature-file' });
    await syncNow();
    const posts = calls.filter((call) => call.key.startsWith('POST'));
    expect(posts.map((call) => call.key)).toEqual(['POST /api/files', 'POST /api/sync/movements', 'POST /api/sync/movements']);
    const sent = calls.filter((call) => call.key === 'POST /api/sync/movements').map((call) => (call.body as { ops: object[] }).ops[0]);
    expect(sent).toEqual([
      expect.objectContaining({ signature: 'signature-file' }),
      expect.objectContaining({ signature: 'signature-file' }),
    ]);
    expect([await waitingOps(USER_ID), await signatureOf(opId)]).toEqual([[], undefined]);
  });
});
