import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { PHONE_WITH_CAMERA, phoneWithCamera } from './camera';
import { ADMIN, apiPost, KEPT_LISTS, keptLists, signIn, snap, unique } from './helpers';

const keeper = { email: `photo.keeper.${Date.now()}@example.com`, password: 'photo-keeper-pass' };
const cement = unique('Photographed cement');

/** A second of a full-HD test pattern, bigger than a phone sends, as the fake camera plays it. */
function filmOfSite(): string {
  const film = join(mkdtempSync(join(tmpdir(), 'stockyard-photo-')), 'site.y4m');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=5',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    film,
  ]);
  return film;
}

/** The photos waiting on the phone: how many, and the size of each. */
function keptPhotos(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('stockyard-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => resolve((all.result as { bytes: ArrayBuffer }[]).map((photo) => photo.bytes.byteLength));
        };
      }),
  );
}

test('offline at 390 px, a keeper issues cement with a photo from the camera; back online, one line, one file, its thumbnail in the history', async ({
  request,
  baseURL,
}) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Photo store'), location: 'Block C' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Pat Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  const { product } = await apiPost(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 40 });

  const browser = await phoneWithCamera(filmOfSite());
  try {
    const context = await browser.newContext({ baseURL, ...PHONE_WITH_CAMERA });
    const page = await context.newPage();
    await signIn(page, keeper.email, keeper.password);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.goto('/dashboard/consumestock');
    await expect.poll(async () => keptLists(page), { timeout: 30_000 }).toEqual(KEPT_LISTS);

    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Material' }).click();
    await page.getByRole('option', { name: new RegExp(`^${cement}`) }).click();
    await page.getByRole('textbox', { name: /Quantity/ }).fill('2');
    await page.getByRole('button', { name: 'Add photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Add photo' });
    await expect(camera.getByLabel('Camera')).toBeVisible();
    await expect(camera.getByRole('button', { name: 'Take photo' })).toBeEnabled();
    await snap(page, 'photo-camera-390');
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera).toBeHidden();
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    // A second photo, left out again before the entry is recorded.
    await page.getByRole('button', { name: 'Add photo' }).click();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await page.getByRole('button', { name: 'Leave out Photo 2' }).click();
    await expect(page.getByRole('img', { name: /^Photo/ })).toHaveCount(1);
    await snap(page, 'photo-taken-390');
    await page.getByRole('button', { name: 'Issued Stock' }).click();
    await expect(page.getByRole('status')).toHaveText('Recorded on this phone. It will be sent as soon as there is signal.');
    const bar = page.getByRole('region', { name: 'Sync status' });
    await expect(bar).toContainText('1 waiting to sync');
    await expect(bar.getByLabel('1 photo waiting')).toHaveText('1');
    const sizes = await keptPhotos(page);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]).toBeLessThanOrEqual(400 * 1024);

    await context.setOffline(false);
    await expect(bar).toBeHidden({ timeout: 30_000 });
    expect(await keptPhotos(page)).toEqual([]);
    const history = await request.get(`/api/movements?itemId=${product._id}`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (
      (await history.json()).movements as { kind: string; quantity: number; attachments: { _id: string; type: string }[] }[]
    ).filter((line) => line.kind !== 'opening');
    expect(lines.map((line) => [line.kind, line.quantity, line.attachments.length])).toEqual([['issue', 2, 1]]);
    const [file] = lines[0]?.attachments ?? [];
    expect(file?.type).toBe('image/jpeg');
    // The phone sent the picture at most 1600 px on its longest side and 400 KB.
    const sent = await page.evaluate(
      async ({ id, bearer }) => {
        const answer = await fetch(`/api/files/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
        const blob = await answer.blob();
        const bitmap = await createImageBitmap(blob);
        return { size: blob.size, longest: Math.max(bitmap.width, bitmap.height) };
      },
      { id: file?._id, bearer: token },
    );
    expect(sent.size).toBeLessThanOrEqual(400 * 1024);
    expect(sent.longest).toBe(1600);

    await page.goto('/dashboard/allproducts');
    await page.getByRole('button', { name: `History of ${cement}` }).click();
    const dialog = page.getByRole('dialog', { name: `History of ${cement}` });
    const thumb = dialog.getByRole('img', { name: 'Photo 1' });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await snap(page, 'photo-history-390');

    // A photo forgotten at the time is added to the line later the same day; the line then shows both.
    await dialog.getByRole('button', { name: /^Add photo to Issued of / }).click();
    const adding = page.getByRole('dialog', { name: 'Add photos to this line' });
    await adding.getByRole('button', { name: 'Add photo' }).click();
    // Its name is part of the adding dialog's: only the exact name is the camera. The test pattern may give
    // the same frame twice (the same file, already on the line), so the keeper chooses another picture.
    const cameraAgain = page.getByRole('dialog', { name: 'Add photo', exact: true });
    await cameraAgain
      .locator('input[type=file]')
      .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('delivery note 4471', { width: 300 }) });
    await expect(cameraAgain).toBeHidden();
    await snap(page, 'photo-add-later-390');
    await adding.getByRole('button', { name: 'Attach to the line' }).click();
    await expect(adding).toBeHidden();
    await expect(dialog.getByRole('status')).toHaveText('Attachments added.');
    await expect(dialog.getByRole('img', { name: /^Photo [12]$/ })).toHaveCount(2);
  } finally {
    await browser.close();
  }
});

test('offline at 390 px, a keeper receives an order with a photo of the delivery note; back online, the photo is on the receipt and on its delivery note', async ({
  request,
  baseURL,
}) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Receipt photo store'), location: 'Gate 2' });
  const receiver = { email: `receipt.photo.${Date.now()}@example.com`, password: 'receipt-photo-pass' };
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Rae Keeper', ...receiver, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: receiver })).json();
  const gravel = unique('Receipt gravel');
  const { product } = await apiPost(request, token, '/api/user/add-product', { name: gravel, unit: 'ton', totalQuantity: 0 });
  const { supplier } = await apiPost(request, admin, '/api/suppliers', { name: unique('Quarry') });
  const { purchaseOrder } = await apiPost(request, admin, '/api/purchase-orders', {
    supplierId: supplier._id,
    storeId: store._id,
    lines: [{ materialId: product._id, quantity: 8, unitCost: '30.00' }],
  });
  await apiPost(request, admin, `/api/purchase-orders/${purchaseOrder._id}/order`, {});

  const browser = await phoneWithCamera(filmOfSite());
  try {
    const context = await browser.newContext({ baseURL, ...PHONE_WITH_CAMERA });
    const page = await context.newPage();
    await signIn(page, receiver.email, receiver.password);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByRole('link', { name: 'Purchase orders' }).click();
    await expect.poll(() => keptLists(page), { timeout: 30_000 }).toContain('purchaseOrders');

    await context.setOffline(true);
    await page.getByRole('listitem', { name: purchaseOrder.number }).getByRole('link', { name: purchaseOrder.number }).click();
    await page
      .getByRole('group', { name: `Receive ${gravel}` })
      .getByRole('checkbox', { name: 'All arrived' })
      .check();
    await page.getByRole('button', { name: 'Add photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Add photo' });
    await expect(camera.getByRole('button', { name: 'Take photo' })).toBeEnabled();
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await expect(camera).toBeHidden();
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await snap(page, 'photo-receipt-390');
    await page.getByRole('button', { name: 'Record receipt' }).click();
    await expect(page.getByText('Recorded on this phone. It will be sent as soon as there is signal.')).toBeVisible();
    const bar = page.getByRole('region', { name: 'Sync status' });
    await expect(bar.getByLabel('1 photo waiting')).toHaveText('1');

    await context.setOffline(false);
    await expect(bar).toBeHidden({ timeout: 30_000 });
    expect(await keptPhotos(page)).toEqual([]);
    // The order's page lists the receipt with its photo, once the photo has followed it.
    const receipts = page.getByRole('list', { name: 'Receipts' });
    await expect(receipts.getByRole('listitem')).toHaveCount(1);
    await expect(receipts.getByRole('listitem')).toContainText(`8 ton ${gravel}`);
    await expect(receipts.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 15_000 });
    await snap(page, 'order-receipts-390');
    const headers = { authorization: `Bearer ${token}` };
    const history = await (await request.get(`/api/movements?itemId=${product._id}`, { headers })).json();
    const lines = history.movements as { kind: string; quantity: number; attachments: { _id: string }[] }[];
    expect(lines.map((line) => [line.kind, line.quantity, line.attachments.length])).toEqual([['delivery', 8, 1]]);
    const supplies = (await (await request.get('/api/supply/all', { headers })).json()) as {
      _id: string;
      productId: { _id: string } | null;
    }[];
    const delivery = supplies.find((supply) => supply.productId?._id === product._id);
    const note = await request.get(`/api/supply/${delivery?._id}/pdf`, { headers });
    expect(note.headers()['content-type']).toBe('application/pdf');
    expect((await note.body()).toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  } finally {
    await browser.close();
  }
});
