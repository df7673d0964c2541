import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { ADMIN, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const storeName = unique('Low Store');
const keeper = { email: `low.keeper.${Date.now()}@example.com`, password: 'low-keeper-pass' };
const cement = unique('Low cement');
const yardName = unique('Central Yard');
const yardKeeper = { email: `yard.keeper.${Date.now()}@example.com`, password: 'yard-keeper-pass' };
const today = new Date().toISOString().slice(0, 10);

async function api(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('set up: a site with 25 bags of cement and a yard with 500, each with its keeper', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await api(request, admin, '/api/stores', { name: storeName, location: 'South gate' });
  await api(request, admin, '/api/auth/create-user', { name: 'Lou Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await api(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 25 });
  const { store: yard } = await api(request, admin, '/api/stores', { name: yardName, location: 'Ring road' });
  await api(request, admin, '/api/auth/create-user', { name: 'Yan Keeper', ...yardKeeper, role: 'user', stores: [yard._id] });
  const { token: yardToken } = await (await request.post('/auth/login', { data: yardKeeper })).json();
  await api(request, yardToken, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 500 });
});

test('a keeper sets a reorder point, issues down to it, and sees it on Low Stock with what to order', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.goto('/dashboard/allproducts');
  await page.getByRole('button', { name: `Reorder point of ${cement}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reorder point of ${cement}` });
  await dialog.getByRole('textbox', { name: 'Minimum' }).fill('20');
  await dialog.getByRole('textbox', { name: 'Target' }).fill('60');
  await dialog.getByRole('textbox', { name: 'Pack size' }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard/manager-dashboard');
  await expect(page.getByRole('link', { name: /Low Stock/ }).getByLabel(/low$/)).toHaveCount(0);
  const { token } = await (await page.request.post('/auth/login', { data: keeper })).json();
  const [product] = await (
    await page.request.get(`/api/user/get-product?q=${encodeURIComponent(cement)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  await api(page.request, token, '/api/user/consume-stock', { productId: product._id, quantity: 5 });

  await page.reload();
  await expect(page.getByRole('link', { name: /Low Stock/ }).getByLabel('1 low')).toBeVisible();
  await page.getByRole('link', { name: /Low Stock/ }).click();
  const row = page.getByRole('listitem', { name: cement });
  await expect(row).toContainText('20 bag left · minimum 20');
  await expect(row).toContainText('Order 40');
  await snap(page, 'low-stock-390');

  // The movement that took it to its minimum told the keeper once.
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('listitem')).toHaveText(new RegExp(`${cement} is low in ${storeName}: 20 bag left, minimum 20\\.`));
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test('the keeper asks the warehouse for it from Low Stock, with one press and the suggested quantity', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.getByRole('link', { name: /Low Stock/ }).click();
  await page.getByRole('button', { name: 'Request it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request from the warehouse' });
  await expect(dialog.getByRole('textbox', { name: `${cement} (bag)` })).toHaveValue('40');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status')).toHaveText('Request sent to the warehouse.');
  await expect(page.getByRole('listitem', { name: cement })).toContainText('Requested 40 · waiting for approval');
  await expect(page.getByRole('button', { name: 'Request it' })).toHaveCount(0);
});

test('the admin approves it from the yard and dispatches it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/inventory');
  await page.getByRole('link', { name: /Requests/ }).click();
  const request = page.getByRole('listitem', { name: `Request of ${storeName}` });
  await expect(request).toContainText(`40 bag ${cement}`);
  await request.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve request of ${storeName}` });
  await approve.getByRole('combobox', { name: 'Send from' }).click();
  await approve.getByRole('combobox', { name: 'Send from' }).fill(yardName);
  await page.getByRole('option', { name: yardName }).click();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toHaveText('Request approved: a draft transfer is ready to dispatch.');

  await page.getByRole('radiogroup', { name: 'Which requests' }).getByText('Approved', { exact: true }).click();
  await page
    .getByRole('listitem', { name: `Request of ${storeName}` })
    .getByRole('link', { name: 'Its transfer' })
    .click();
  await expect(page.getByRole('heading', { name: /^Transfer T-/ })).toBeVisible();
  await expect(page.getByText(`${yardName} → ${storeName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Dispatch' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByRole('status')).toHaveText('Transfer dispatched: the goods are in transit.');
  await expect(page.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name: cement })).toHaveText(
    `${cement} bagSent40Received0Damaged0Lost0In transit40`,
  );
});

test('the site keeper receives 38 good and 2 damaged on a phone; both stores and their reports show it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  // In transit counts toward the minimum: no longer low.
  await expect(page.getByRole('link', { name: /Low Stock/ }).getByLabel(/low$/)).toHaveCount(0);
  await page
    .getByRole('link', { name: /Transfers/ })
    .getByLabel('1 on the way')
    .click();
  const incoming = page.getByRole('listitem').filter({ hasText: `${yardName} → ${storeName}` });
  await expect(incoming).toContainText('40 in transit');
  await incoming.getByRole('link', { name: /^T-/ }).click();

  const line = page.getByRole('group', { name: `Receive ${cement}` });
  // Nothing is received by one tap: the lines start empty.
  await expect(line.getByRole('textbox', { name: 'Received' })).toHaveValue('');
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter what arrived.');
  await line.getByRole('checkbox', { name: 'All arrived' }).check();
  await expect(line.getByRole('textbox', { name: 'Received' })).toHaveValue('40');
  await line.getByRole('textbox', { name: 'Damaged' }).fill('2');
  await expect(line.getByRole('textbox', { name: 'Received' })).toHaveValue('38');
  await snap(page, 'transfer-receive-390');
  // A photo of the split bags: this browser has no camera, so the keeper chooses a picture.
  await page.getByRole('button', { name: 'Add photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Add photo' });
  await expect(camera.getByRole('alert')).toContainText('choose a picture instead');
  await camera
    .locator('input[type=file]')
    .setInputFiles({ name: 'bags.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('two bags split', { width: 300 }) });
  await expect(camera).toBeHidden();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByRole('status')).toHaveText('Receipt recorded.');
  const { token } = await (await page.request.post('/auth/login', { data: keeper })).json();
  const ledger = await (await page.request.get('/api/movements', { headers: { authorization: `Bearer ${token}` } })).json();
  const proof = (ledger.movements as { kind: string; itemName: string; attachments: { type: string }[] }[])
    .filter((line) => line.itemName === cement && ['store_transfer_in', 'damage'].includes(line.kind))
    .map((line) => [line.kind, line.attachments.map((file) => file.type)]);
  expect(proof.sort()).toEqual([
    ['damage', ['image/jpeg']],
    ['store_transfer_in', ['image/jpeg']],
  ]);
  await expect(page.getByText('Received with discrepancy')).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(3);
  await snap(page, 'transfer-page-390');

  await page.goto('/dashboard/allproducts');
  const siteRow = page.getByRole('row').filter({ hasText: cement });
  await expect(siteRow).toContainText('58');
  await page.goto('/dashboard/generatereport');
  await page.getByLabel('Start Date').fill(today);
  await page.getByLabel('End Date').fill(today);
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  const siteReport = await reportRow(page);
  expect(siteReport['Transfer from Stores']).toBe('40');
  expect(siteReport['Damages/Wastage']).toBe('2');
  expect(siteReport['Closing Qty']).toBe('58');
});

test("the yard's keeper sees the 40 gone out, in the list and the report", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, yardKeeper.email, yardKeeper.password);
  await page.goto('/dashboard/allproducts');
  await expect(page.getByRole('row').filter({ hasText: cement })).toContainText('460');
  await page.goto('/dashboard/generatereport');
  await page.getByLabel('Start Date').fill(today);
  await page.getByLabel('End Date').fill(today);
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  const yardReport = await reportRow(page);
  expect(yardReport['Transfer to Stores']).toBe('40');
  expect(yardReport['Closing Qty']).toBe('460');
  await page.goto('/dashboard/transfers');
  await page.getByRole('radiogroup', { name: 'Which transfers' }).getByText('Outgoing', { exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `${yardName} → ${storeName}` })).toContainText('Received with discrepancy');
});

/** The cement's report row, cell by header. */
async function reportRow(page: Page): Promise<Record<string, string>> {
  const row = page.getByRole('row', { name: new RegExp(cement) });
  await expect(row).toBeVisible();
  const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
}

test('the admin makes a transfer by hand, checks the draft, and cancels it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/transfers');
  await page.getByRole('button', { name: 'New transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transfer' });
  for (const [label, store] of [
    ['From', yardName],
    ['To', storeName],
  ] as const) {
    await dialog.getByRole('combobox', { name: label }).fill(store);
    await page.getByRole('option', { name: store }).click();
  }
  await dialog.getByRole('combobox', { name: 'Material' }).fill(cement.slice(0, 12));
  await page.getByRole('option', { name: `${cement} (460 available)` }).click();
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(`5 × ${cement}`);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: /^Transfer T-/ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel transfer' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(page.getByRole('status')).toHaveText('Transfer cancelled.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
});
