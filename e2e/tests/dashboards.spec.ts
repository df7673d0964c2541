import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const storeName = unique('Chart Store');
const keeper = { email: `chart.keeper.${Date.now()}@example.com`, password: 'chart-keeper-pass' };
const cement = unique('Chart cement');
const sand = unique('Chart sand');

async function api(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** The card of one chart, its table switched on. */
async function chartTable(page: Page, title: RegExp) {
  const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('switch', { name: 'Table' }).check({ force: true });
  return card.getByRole('table');
}

test('set up: a keeper issues and damages two materials', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await api(request, admin, '/api/stores', { name: storeName, location: 'North gate' });
  await api(request, admin, '/api/auth/create-user', { name: 'Cy Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  const { product: a } = await api(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 100 });
  const { product: b } = await api(request, token, '/api/user/add-product', { name: sand, unit: 'm3', totalQuantity: 40 });
  await api(request, token, '/api/user/consume-stock', { productId: a._id, quantity: 30 });
  await api(request, token, '/api/user/consume-stock', { productId: a._id, quantity: 10 });
  await api(request, token, '/api/user/consume-stock', { productId: b._id, quantity: 12 });
  await api(request, token, '/api/user/add-damaged-stock', { productId: a._id, damagedQuantity: 13 });
});

test('the login page loads no chart code', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((name) => name.includes('dashboard-charts'))).toEqual([]);
});

test("the keeper's hub charts the store's issues below its buttons, once scrolled to, with tables behind a switch (390 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  // Below the buttons on a phone, the charts load once the keeper scrolls to them.
  await page.getByText('Loading the dashboard...').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /Most issued since/ })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`${cement} 40, ${sand} 12`) })).toBeVisible();
  await snap(page, 'dashboard-keeper-390');
  const top = await chartTable(page, /Most issued since/);
  await expect(top.getByRole('row', { name: new RegExp(cement) })).toContainText('40 bag');
  await expect(top.getByRole('row', { name: new RegExp(sand) })).toContainText('12 m3');
  const weekly = await chartTable(page, /Issued per week/);
  await expect(weekly.getByRole('row')).toHaveCount(13);
  const damage = await chartTable(page, /Damage as a share/);
  await expect(damage.getByRole('row', { name: new RegExp(storeName) })).toContainText('52');
  await expect(damage.getByRole('row', { name: new RegExp(storeName) })).toContainText('25.0 %');
  await expect(page.getByRole('link', { name: 'Generate Report' })).toBeVisible();
});

test("the admin's dashboard charts every store (1280 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin Role' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Damage as a share/ })).toBeVisible();
  await snap(page, 'dashboard-admin-1280');
  const damage = await chartTable(page, /Damage as a share/);
  await expect(damage.getByRole('row', { name: new RegExp(storeName) })).toContainText('25.0 %');
});
