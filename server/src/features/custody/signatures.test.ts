import { randomBytes, randomUUID } from 'node:crypto';
import { SIGNATURE_NOT_PNG, SIGNATURE_REQUIRED } from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, createTool, createUser, uploadFile } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-check';
import { readPdfText } from '../../../test/pdf-text';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
let other: Awaited<ReturnType<typeof createStoreWithStaff>>;

function send(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** A signature as the phone draws it: a PNG no one has sent before. */
async function signature(token: string, format: 'png' | 'jpeg' = 'png'): Promise<string> {
  const bytes = await sharp(randomBytes(40 * 20 * 3), { raw: { width: 40, height: 20, channels: 3 } })
    .toFormat(format)
    .toBuffer();
  const answer = await uploadFile(t.app, token, bytes, `signature.${format}`);
  expect(answer.statusCode).toBe(201);
  return answer.json()._id;
}

async function askSignatures(storeId: string, name: string) {
  const answer = await send('PUT', `/api/stores/update/${storeId}`, staff.admin.token, {
    name,
    location: 'North yard',
    isActive: true,
    signatureOnHandover: true,
  });
  expect([answer.statusCode, answer.json().store.signatureOnHandover]).toEqual([200, true]);
}

async function toolAndWorker(keeper: { token: string }) {
  const drill = await createTool(t.app, keeper.token, { totalQuantity: 4 });
  const worker = (await send('POST', '/api/workers', keeper.token, { name: `Ada ${randomUUID().slice(0, 6)}`, trade: 'Mason' })).json()
    .worker as { _id: string; name: string };
  return { drill, worker };
}

/** How many images a PDF draws: pdfkit writes each as an XObject of subtype Image. */
function imagesIn(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
  other = await createStoreWithStaff(t.app, t.database.db);
  await askSignatures(staff.store._id, staff.store.name);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  await t.close();
});

describe("a worker's signature where the store asks for one", () => {
  it('is required at the hand-over and the return, kept with the record, shown to the store and printed on its PDF', async () => {
    const { drill, worker } = await toolAndWorker(staff.keeper);
    const checkout = (extra: object) =>
      send('POST', `/api/tools/${drill._id}/checkout`, staff.keeper.token, { workerId: worker._id, quantity: 2, ...extra });
    const unsigned = await checkout({});
    expect([unsigned.statusCode, unsigned.json().message]).toEqual([400, SIGNATURE_REQUIRED]);
    const photo = await checkout({ signature: await signature(staff.keeper.token, 'jpeg') });
    expect([photo.statusCode, photo.json().message]).toEqual([400, SIGNATURE_NOT_PNG]);
    const theirs = await checkout({ signature: await signature(other.keeper.token) });
    expect([theirs.statusCode, theirs.json().message]).toEqual([400, SIGNATURE_NOT_PNG]);

    const atHandover = await signature(staff.keeper.token);
    const signed = await checkout({ signature: atHandover });
    expect(signed.statusCode).toBe(201);
    const custodyId = signed.json().custody._id as string;
    expect(signed.json().custody.signatures).toMatchObject([{ event: 'handover', fileId: atHandover, workerName: worker.name }]);

    const back = (extra: object) => send('POST', `/api/custody/${custodyId}/return`, staff.keeper.token, { good: 2, ...extra });
    expect((await back({})).json().message).toBe(SIGNATURE_REQUIRED);
    const atReturn = await signature(staff.keeper.token);
    const whatCameBack = await signature(staff.keeper.token, 'jpeg');
    const returned = await back({ signature: atReturn, attachments: [whatCameBack] });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().custody.signatures.map((row: { event: string; fileId: string }) => [row.event, row.fileId])).toEqual([
      ['handover', atHandover],
      ['return', atReturn],
    ]);

    // Anyone of the store may see the signature; no one of another store.
    const colleague = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    expect((await send('GET', `/api/files/${atHandover}`, colleague.token)).statusCode).toBe(200);
    expect((await send('GET', `/api/files/${atHandover}`, other.keeper.token)).statusCode).toBe(404);

    const pdf = await send('GET', `/api/custody/${custodyId}/pdf`, staff.storeUser.token);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // Both signatures, and the photo of what came back after the record's lines.
    expect(imagesIn(pdf.rawPayload)).toBe(3);
    expect((await readPdfText(pdf.rawPayload)).pages.flat().join(' ')).toMatch(/1\. Returned in good order, /);
    expect((await send('GET', `/api/custody/${custodyId}/pdf`, other.keeper.token)).statusCode).toBe(404);
  });

  it('is not asked where the store does not: the record prints lines to sign on paper', async () => {
    const { drill, worker } = await toolAndWorker(other.keeper);
    const checkout = await send('POST', `/api/tools/${drill._id}/checkout`, other.keeper.token, { workerId: worker._id, quantity: 1 });
    expect([checkout.statusCode, checkout.json().custody.signatures]).toEqual([201, []]);
    const pdf = await send('GET', `/api/custody/${checkout.json().custody._id}/pdf`, other.keeper.token);
    expect([pdf.statusCode, imagesIn(pdf.rawPayload)]).toEqual([200, 0]);
  });

  it('comes with a hand-over the phone queued: refused without one, kept at the time it was captured with one', async () => {
    const { drill, worker } = await toolAndWorker(staff.keeper);
    const capturedAt = new Date(Date.now() - 3_600_000).toISOString();
    const op = (extra: object) => ({
      opId: randomUUID(),
      kind: 'tool-issue',
      itemKind: 'tool',
      itemId: drill._id,
      quantity: 1,
      capturedAt,
      storeId: staff.store._id,
      workerId: worker._id,
      ...extra,
    });
    const drawn = await signature(staff.keeper.token);
    const synced = await send('POST', '/api/sync/movements', staff.keeper.token, { ops: [op({}), op({ signature: drawn })] });
    expect(synced.json().results.map((result: { status: string; message?: string }) => [result.status, result.message])).toEqual([
      ['rejected', SIGNATURE_REQUIRED],
      ['applied', undefined],
    ]);
    const list = await send('GET', `/api/custody?toolId=${drill._id}`, staff.keeper.token);
    const [record] = list.json().custody as { signatures: { fileId: string; signedAt: string }[] }[];
    expect(record?.signatures.map((row) => [row.fileId, row.signedAt])).toEqual([[drawn, capturedAt]]);
  });

  it('is kept as signed: it can be neither changed nor removed', async () => {
    for (const change of [sql`delete from custody_signatures`, sql`update custody_signatures set worker_name = 'Someone else'`]) {
      const failure = await t.database.db.execute(change).then(
        () => null,
        (error: Error) => error,
      );
      expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    }
  });
});
