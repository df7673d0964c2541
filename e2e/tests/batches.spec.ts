import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost, KEPT_LISTS, keptLists, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const keeper = { email: `batches.keeper.${Date.now()}@example.com`, password: 'batches-keeper-pass' };
const cement = unique('Cement 50 kg');
const sealant = unique('Sealant');

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  return (await (await request.post('/auth/login', { data: account })).json()).token;
}

/** A day `days` from today, YYYY-MM-DD, and as the app writes it. */
function dayFromToday(days: number): { iso: string; text: string } {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, text: `${day}/${month}/${year}` };
}

async function onPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
}

async function pick(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

test('set up: cement in bags (pallet = 40, kg = 0.02) kept by batch, a sealant with a batch that expires soon, and their keeper', async ({
  request,
}) => {
  const admin = await tokenOf(request, ADMIN);
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Batch store'), location: 'Plot 4' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Bea Keeper', ...keeper, role: 'user', stores: [store._id] });
  const token = await tokenOf(request, keeper);
  const { product } = await apiPost(request, token, '/api/user/add-product', {
    name: cement,
    unit: 'bag',
    decimals: 1,
    tracksExpiry: true,
  });
  const units = await request.put(`/api/materials/${product._id}/units`, {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      units: [
        { name: 'pallet', factor: 40 },
        { name: 'kg', factor: 0.02 },
      ],
    },
  });
  expect(units.ok(), await units.text()).toBe(true);
  await apiPost(request, token, '/api/user/add-product', {
    name: sealant,
    unit: 'tube',
    tracksExpiry: true,
    totalQuantity: 12,
    batch: 'S-11',
    expiresOn: dayFromToday(5).iso,
  });
});

test('at 390 px a keeper receives 1 pallet with its batch and expiry, issues 100 kg from it, and the history says "100 kg = 2 bag"', async ({
  page,
}) => {
  await onPhone(page);
  await page.goto('/dashboard/restockproduct');
  await pick(page, cement);
  await page.getByRole('textbox', { name: 'Restock Quantity' }).fill('1');
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: 'pallet = 40 bag' }).click();
  await page.getByRole('textbox', { name: 'Batch' }).fill('LOT-2611');
  const expiry = dayFromToday(90);
  await page.getByRole('textbox', { name: 'Expires on' }).fill(expiry.text);
  await snap(page, 'batch-receive-390');
  await page.getByRole('button', { name: 'Restock Material' }).click();
  await expect(page.getByTestId('stock-Available')).toHaveText('40');

  await page.goto('/dashboard/consumestock');
  await pick(page, cement);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('100');
  await page.getByRole('combobox', { name: 'Unit', exact: true }).click();
  await page.getByRole('option', { name: 'kg = 0.02 bag' }).click();
  await snap(page, 'unit-picker-390');
  await page.getByRole('combobox', { name: 'Batch' }).click();
  await expect(page.getByRole('option', { name: `LOT-2611 · expires ${expiry.text} · 40 bag` })).toBeVisible();
  await snap(page, 'batch-picker-390');
  await page.getByRole('option', { name: `LOT-2611 · expires ${expiry.text} · 40 bag` }).click();
  await page.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(page.getByTestId('stock-Available')).toHaveText('38');

  await page.goto('/dashboard/allproducts');
  await page.getByRole('button', { name: `History of ${cement}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${cement}` });
  await expect(history.getByText('100 kg = 2 bag')).toBeVisible();
  await expect(history.getByText(`Batch LOT-2611, expires ${expiry.text}`).first()).toBeVisible();
  await snap(page, 'batch-history-390');
});

test('at 390 px a keeper counts the cement batch by batch, finding a batch the books lack', async ({ page }) => {
  await onPhone(page);
  const token = await tokenOf(page.request, keeper);
  const list = await (
    await page.request.get(`/api/user/get-product?q=${encodeURIComponent(cement)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const product = (Array.isArray(list) ? list : list.products)[0];
  const { count } = await apiPost(page.request, token, '/api/counts', { itemKind: 'material', itemIds: [product._id] });
  await page.goto(`/dashboard/counts/${count._id}`);
  await page.getByRole('button', { name: `Counted ${cement}` }).click();
  const dialog = page.getByRole('dialog', { name: `Count ${cement} by batch` });
  await dialog.getByRole('textbox', { name: 'Counted of batch LOT-2611' }).fill('37');
  await dialog.getByRole('button', { name: 'Add a batch found' }).click();
  await dialog.getByRole('textbox', { name: 'Batch', exact: true }).fill('LOT-0907');
  await dialog.getByRole('textbox', { name: 'Expires on' }).fill(dayFromToday(30).text);
  await dialog.getByRole('textbox', { name: 'Counted', exact: true }).fill('2');
  await expect(dialog.getByText('Total: 39 bag')).toBeVisible();
  await snap(page, 'count-by-batch-390');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Counted ${cement}` })).toHaveText('39');
});

test('at 390 px with no signal a keeper issues the sealant from the batch the phone kept, sent with it once signal returns', async ({
  page,
  context,
}) => {
  await onPhone(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/dashboard/consumestock');
  await expect.poll(async () => keptLists(page), { timeout: 30_000 }).toEqual(KEPT_LISTS);
  await context.setOffline(true);
  await pick(page, sealant);
  await page.getByRole('combobox', { name: 'Batch' }).click();
  const kept = `S-11 · expires ${dayFromToday(5).text} · 12 tube`;
  await page.getByRole('option', { name: kept }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await snap(page, 'batch-picker-offline-390');
  await page.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(page.getByRole('status')).toHaveText('Recorded on this phone. It will be sent as soon as there is signal.');
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Sync status' })).toBeHidden({ timeout: 20_000 });
  const token = await tokenOf(page.request, keeper);
  const list = await (
    await page.request.get(`/api/user/get-product?q=${encodeURIComponent(sealant)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const batches = await (
    await page.request.get(`/api/materials/${list[0]._id}/batches`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(batches.batches).toEqual([expect.objectContaining({ batch: 'S-11', quantity: 10 })]);
});

test('at 390 px the Expiring screen lists the batch that expires in 5 days, and the keeper records it as damaged', async ({ page }) => {
  await onPhone(page);
  await expect(page.getByRole('link', { name: /^Expiring/ })).toBeVisible();
  await page.getByRole('link', { name: /^Expiring/ }).click();
  await expect(page.getByRole('heading', { name: 'Expiring' })).toBeVisible();
  const row = page.getByRole('listitem', { name: `${sealant} S-11` });
  await expect(row).toContainText('Batch S-11 · 10 tube');
  await expect(row).toContainText(`Expires in 5 days, on ${dayFromToday(5).text}`);
  await snap(page, 'expiring-390');
  await row.getByRole('button', { name: 'Record as damaged' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No batch in stock expires soon.')).toBeVisible();
});
