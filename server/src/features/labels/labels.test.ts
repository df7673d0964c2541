import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createMaterial, createStoreWithStaff, createTool } from '../../../test/factories';
import { readPdfText } from '../../../test/pdf-text';
import { labelBoxes } from './label-sheet';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStoreWithStaff>>;
const work = mkdtempSync(join(tmpdir(), 'stockyard-labels-'));

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStoreWithStaff(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function scan(token: string, code: string) {
  return t.app.inject({ method: 'GET', url: `/api/scan/${encodeURIComponent(code)}`, headers: bearer(token) });
}

function sheet(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/labels/sheet', headers: bearer(token), payload });
}

const DPI = 150;

/** Renders a PDF's pages to PNG with poppler and reads the QR code inside each label box of a page. */
function decodeLabels(pdf: Buffer, layout: 'L7160' | 'L7159' | 'L7163'): (string | null)[][] {
  const dir = mkdtempSync(join(work, 'pages-'));
  writeFileSync(join(dir, 'sheet.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', join(dir, 'sheet.pdf'), join(dir, 'page')]);
  const scale = DPI / 72;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => {
      const page = PNG.sync.read(readFileSync(join(dir, name)));
      return labelBoxes(layout).map((box) => {
        const [x, y, width, height] = [box.x, box.y, box.width, box.height].map((value) => Math.round(value * scale)) as [
          number,
          number,
          number,
          number,
        ];
        const pixels = new Uint8ClampedArray(width * height * 4);
        for (let row = 0; row < height; row += 1) {
          const from = ((y + row) * page.width + x) * 4;
          pixels.set(page.data.subarray(from, from + width * 4), row * width * 4);
        }
        return jsQR(pixels, width, height)?.data ?? null;
      });
    });
}

describe('GET /api/scan/:code', () => {
  it('finds a material or tool of the caller’s stores by the code on its label, in any case', async () => {
    const cement = await createMaterial(t.app, staff.keeper.token);
    const drill = await createTool(t.app, staff.keeper.token);
    expect(cement.code).toMatch(/^M-[0-9A-F]+$/);
    expect(drill.code).toMatch(/^T-[0-9A-F]+$/);
    const found = await scan(staff.keeper.token, String(cement.code).toLowerCase());
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ itemKind: 'material', id: cement._id, storeId: staff.store._id, name: cement.name });
    expect((await scan(staff.storeUser.token, String(drill.code))).json()).toMatchObject({ itemKind: 'tool', id: drill._id });

    const other = await createStoreWithStaff(t.app, t.database.db);
    expect((await scan(other.keeper.token, String(cement.code))).statusCode).toBe(404);
    expect((await scan(staff.keeper.token, 'M-FFFFFFF')).json().message).toBe('No item of yours has this label.');
    await t.app.inject({ method: 'DELETE', url: `/api/products/delete-product/${cement._id}`, headers: bearer(staff.admin.token) });
    expect((await scan(staff.keeper.token, String(cement.code))).statusCode).toBe(404);
  });
});

describe('POST /api/labels/sheet', () => {
  it('prints a QR label per item after the skipped positions; each QR code scans back to its item', async () => {
    const items = [
      await createMaterial(t.app, staff.keeper.token, { name: 'Cement OPC 53', unit: 'bag' }),
      await createMaterial(t.app, staff.keeper.token, { name: 'सीमेंट बैग', unit: 'bag' }),
      await createMaterial(t.app, staff.keeper.token, {
        name: 'Rebar 12 mm with a name long enough to be cut short on its label',
        unit: 'rod',
      }),
      await createTool(t.app, staff.keeper.token, { name: 'Hammer drill' }),
    ];
    const response = await sheet(staff.keeper.token, {
      layout: 'L7160',
      skip: 2,
      items: items.map((item) => ({ itemKind: String(item.code).startsWith('T-') ? 'tool' : 'material', id: item._id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;

    const [page] = decodeLabels(pdf, 'L7160');
    expect(page?.slice(0, 7)).toEqual([null, null, ...items.map((item) => item.code), null]);
    for (const [index, code] of (page ?? []).slice(2, 6).entries()) {
      expect((await scan(staff.keeper.token, code as string)).json().id).toBe(items[index]?._id);
    }
    const text = (await readPdfText(pdf)).pages[0]?.join(' ') ?? '';
    expect(text).toContain('Cement OPC 53');
    expect(text).toContain(String(items[0]?.code));
    expect(text).toContain(staff.store.name);
    expect(text).toContain('50 kg · bag');
  });

  it('goes on to a second sheet when the first is full, in the 2 × 7 layout', async () => {
    const items = await Promise.all(Array.from({ length: 15 }, () => createMaterial(t.app, staff.keeper.token)));
    const response = await sheet(staff.admin.token, {
      layout: 'L7163',
      items: items.map((item) => ({ itemKind: 'material', id: item._id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const pages = decodeLabels(response.rawPayload, 'L7163');
    expect(pages).toHaveLength(2);
    expect([...(pages[0] ?? []), ...(pages[1] ?? [])].filter(Boolean)).toEqual(items.map((item) => item.code));
  });

  it('refuses another store’s item (404), a skip past the sheet (400) and a store user (403)', async () => {
    const other = await createStoreWithStaff(t.app, t.database.db);
    const theirs = await createMaterial(t.app, other.keeper.token);
    const mine = await createMaterial(t.app, staff.keeper.token);
    const foreign = await sheet(staff.keeper.token, { layout: 'L7160', items: [{ itemKind: 'material', id: theirs._id }] });
    expect(foreign.statusCode).toBe(404);
    const tooFar = await sheet(staff.keeper.token, { layout: 'L7160', skip: 21, items: [{ itemKind: 'material', id: mine._id }] });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe('Skip must be less than the 21 labels of a sheet.');
    expect((await sheet(staff.storeUser.token, { layout: 'L7160', items: [{ itemKind: 'material', id: mine._id }] })).statusCode).toBe(403);
  });
});
