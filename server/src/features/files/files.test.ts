import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FILE_HAS_NO_THUMBNAIL,
  FILE_MAX_BYTES,
  FILE_MISSING,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
} from '@stockyard/contract';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createStoreWithStaff, createUser, uploadFile } from '../../../test/factories';
import { queryRows } from '../../db/sql';

type Staff = Awaited<ReturnType<typeof createStoreWithStaff>>;

function upload(t: TestApp, token: string, bytes: Buffer, name?: string) {
  return uploadFile(t.app, token, bytes, name);
}

function fetchFile(t: TestApp, token: string, id: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/files/${id}${query}`, headers: bearer(token) });
}

/** A camera-sized photo: 2000 × 1000 of noise, so it does not compress to nothing. */
async function photo(seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(200 * 100 * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 31 + seed * 17) % 251;
  return sharp(pixels, { raw: { width: 200, height: 100, channels: 3 } })
    .resize(2000, 1000)
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function pdf(): Promise<Buffer> {
  const document = new PDFDocument();
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => document.on('end', resolve));
  document.text('Delivery note: 92 bags of cement, 4 split.');
  document.end();
  await ended;
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function fileRows(t: TestApp) {
  return queryRows<{ sha256: string; inDatabase: boolean; uploaders: number }>(
    t.database.db,
    sql`select sha256, content is not null as "inDatabase", (select count(*)::int from file_uploads u where u.file_id = f.id) as uploaders
        from files f order by created_at`,
  );
}

describe('files kept in the database', () => {
  let t: TestApp;
  let staff: Staff;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createStoreWithStaff(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it('keeps a photo once per content and gives the same file for the same bytes', async () => {
    const bytes = await photo();
    const first = await upload(t, staff.keeper.token, bytes);
    expect(first.statusCode).toBe(201);
    const file = first.json();
    expect(file).toEqual({ _id: expect.any(String), sha256: sha256(bytes), type: 'image/jpeg', size: bytes.length });

    const again = await upload(t, staff.keeper.token, bytes, 'another-name.png');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(file);
    expect(await fileRows(t)).toEqual([{ sha256: sha256(bytes), inDatabase: true, uploaders: 1 }]);

    const fetched = await fetchFile(t, staff.keeper.token, file._id);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(fetched.headers['content-disposition']).toBe(`inline; filename="${file._id}.jpeg"`);
    expect(sha256(fetched.rawPayload)).toBe(sha256(bytes));
  });

  it('gives a photo a JPEG thumbnail of at most 320 px, and a PDF none', async () => {
    const file = (await upload(t, staff.keeper.token, await photo(2))).json();
    const thumb = await fetchFile(t, staff.keeper.token, file._id, '?thumb=1');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumb.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 320, 160]);

    const note = await pdf();
    const uploaded = await upload(t, staff.keeper.token, note, 'note.pdf');
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ type: 'application/pdf', size: note.length });
    const noThumb = await fetchFile(t, staff.keeper.token, uploaded.json()._id, '?thumb=1');
    expect([noThumb.statusCode, noThumb.json().message]).toEqual([400, FILE_HAS_NO_THUMBNAIL]);
    const document = await fetchFile(t, staff.keeper.token, uploaded.json()._id);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(/^attachment; /);
    expect(sha256(document.rawPayload)).toBe(sha256(note));
  });

  it('draws what a PNG leaves transparent (a signature’s paper) white in its thumbnail', async () => {
    const clear = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const file = (await upload(t, staff.keeper.token, clear, 'signature.png')).json();
    const thumb = await fetchFile(t, staff.keeper.token, file._id, '?thumb=1');
    const { data } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it('recognises a file by its content, not its name: text, a cut photo and a GIF are refused and nothing is kept', async () => {
    const before = await fileRows(t);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    for (const [bytes, name] of [
      [Buffer.from('92 bags of cement'), 'photo.jpg'],
      [(await photo(3)).subarray(0, 2000), 'photo.jpg'],
      [gif, 'photo.gif'],
    ] as const) {
      const answer = await upload(t, staff.keeper.token, bytes, name);
      expect([answer.statusCode, answer.json().message], name).toEqual([415, FILE_TYPE_REFUSED]);
    }
    expect(await fileRows(t)).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const before = await fileRows(t);
    const big = Buffer.concat([await photo(4), Buffer.alloc(FILE_MAX_BYTES)]);
    const answer = await upload(t, staff.keeper.token, big);
    expect([answer.statusCode, answer.json().message]).toEqual([413, FILE_TOO_LARGE]);
    expect(await fileRows(t)).toEqual(before);
  });

  it('asks for a file when the body holds none, and refuses a question it does not know', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/files', headers: bearer(staff.keeper.token), payload: { file: 'x' } });
    expect([json.statusCode, json.json().message]).toEqual([400, FILE_MISSING]);
    const form = new FormData();
    form.append('note', 'no file here');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const fieldsOnly = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(staff.keeper.token), 'content-type': request.headers.get('content-type') as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect([fieldsOnly.statusCode, fieldsOnly.json().message]).toEqual([400, FILE_MISSING]);
    const file = (await upload(t, staff.keeper.token, await photo(8))).json();
    expect((await fetchFile(t, staff.keeper.token, file._id, '?size=small')).statusCode).toBe(400);
    expect((await fetchFile(t, staff.keeper.token, file._id, '?thumb=yes')).statusCode).toBe(400);
  });

  it('shows a file only to who uploaded it while it is attached to nothing: 404 to anyone else, 403 to a store user uploading', async () => {
    const bytes = await photo(5);
    const file = (await upload(t, staff.keeper.token, bytes)).json();
    const other = await createUser(t.app, staff.admin.token, { role: 'user', storeId: staff.store._id });
    for (const token of [other.token, staff.admin.token, staff.storeUser.token]) {
      const answer = await fetchFile(t, token, file._id);
      expect(answer.statusCode).toBe(token === staff.storeUser.token ? 403 : 404);
      if (answer.statusCode === 404) expect(answer.json().message).toBe(FILE_NOT_FOUND);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file._id}` })).statusCode).toBe(401);
    expect((await upload(t, staff.storeUser.token, bytes)).statusCode).toBe(403);

    // Whoever has the same bytes has the file: the other keeper's upload names it, and they may fetch it.
    const theirs = await upload(t, other.token, bytes);
    expect([theirs.statusCode, theirs.json()._id]).toEqual([200, file._id]);
    expect((await fetchFile(t, other.token, file._id)).statusCode).toBe(200);
  });

  it('keeps the same bytes sent at once as one file', async () => {
    const bytes = await photo(6);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(t, staff.keeper.token, bytes)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
    expect((await fileRows(t)).filter((row) => row.sha256 === sha256(bytes))).toEqual([
      { sha256: sha256(bytes), inDatabase: true, uploaders: 1 },
    ]);
  });
});

describe('files kept on disk under FILES_DIR', () => {
  let t: TestApp;
  let staff: Staff;
  let dir: string;
  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'stockyard-files-'));
    dir = join(parent, 'files');
    // A folder made beforehand, open to everyone: the server closes it to other users.
    await mkdir(dir, { mode: 0o755 });
    t = await buildTestApp({ filesDir: dir });
    staff = await createStoreWithStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(join(dir, '..'), { recursive: true, force: true });
  });

  it('writes the bytes under their hash, readable by the server alone, and serves them back', async () => {
    const bytes = await photo(7);
    const file = (await upload(t, staff.keeper.token, bytes)).json();
    expect(await fileRows(t)).toEqual([{ sha256: sha256(bytes), inDatabase: false, uploaders: 1 }]);
    const path = join(dir, file.sha256.slice(0, 2), file.sha256);
    expect(sha256(await readFile(path))).toBe(file.sha256);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, file.sha256.slice(0, 2)))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, file.sha256.slice(0, 2)))).toEqual([file.sha256]);

    const fetched = await fetchFile(t, staff.keeper.token, file._id);
    expect(sha256(fetched.rawPayload)).toBe(file.sha256);
    expect((await fetchFile(t, staff.keeper.token, file._id, '?thumb=1')).statusCode).toBe(200);
    expect((await upload(t, staff.keeper.token, bytes)).json()._id).toBe(file._id);
  });
});
