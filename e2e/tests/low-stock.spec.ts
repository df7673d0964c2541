import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const storeName = unique('Low Store');
const keeper = { email: `low.keeper.${Date.now()}@example.com`, password: 'low-keeper-pass' };
const cement = unique('Low cement');

async function api(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('set up: a store with a keeper and 25 bags of cement', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await api(request, admin, '/api/stores', { name: storeName, location: 'South gate' });
  await api(request, admin, '/api/auth/create-user', { name: 'Lou Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await api(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 25 });
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
