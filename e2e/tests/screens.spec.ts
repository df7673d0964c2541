import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, unique } from './helpers';

const password = 'screens-pass-123';
const keeperEmail = `screens.keeper.${Date.now()}@example.com`;
const viewerEmail = `screens.viewer.${Date.now()}@example.com`;

const routes: Record<string, string[]> = {
  admin: [
    'admin',
    'storemanagement',
    'inventory',
    'createstore',
    'allstores',
    'createuser',
    'allusers',
    'changepassword',
    'productlist',
    'addproduct',
    'addtools',
    'alltools',
    'damagetools',
    'refundtools',
    'consumetools',
    'tracksupplies',
    'totalstock',
    'newinventory',
    'addstock',
    'availablestock',
    'generatereport',
    'audit',
    'sessions',
  ],
  keeper: [
    'manager-dashboard',
    'addproduct',
    'allproducts',
    'consumestock',
    'damagestock',
    'refundstock',
    'supplymanagement',
    'generatereport',
    'addtool',
    'alltool',
    'damagetool',
    'refundtool',
    'consumetool',
    'restockproduct',
    'transferproduct',
    'changepassword',
    'sessions',
  ],
  viewer: ['store-user-dashboard', 'alltools', 'changepassword', 'sessions'],
};

async function setUp(request: APIRequestContext) {
  const { token } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const { store } = await (
    await request.post('/api/stores', { headers, data: { name: unique('Screens Store'), location: 'Gate 2' } })
  ).json();
  for (const [email, role] of [
    [keeperEmail, 'user'],
    [viewerEmail, 'store-user'],
  ]) {
    await request.post('/api/auth/create-user', { headers, data: { name: 'Sam Screens', email, password, role, stores: [store._id] } });
  }
  await request.post('/api/user/add-product', {
    headers,
    data: { name: 'Screens cement', storeId: store._id, totalQuantity: 12, unit: 'bag' },
  });
  await request.post('/api/tools/add-tools', { headers, data: { name: 'Screens drill', storeId: store._id, totalQuantity: 2 } });
}

async function sweep(page: Page, role: string) {
  // A page load and a full-page screenshot per screen and width: the test's time grows with the screens.
  test.setTimeout((routes[role] as string[]).length * 2 * 8_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const route of routes[role] as string[]) {
      await page.goto(`/dashboard/${route}`);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${route}$`));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await page.screenshot({ path: `screenshots/all/${role}-${route}-${width}.png`, fullPage: true });
      // Tables scroll inside their card; the page itself never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${role} ${route} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
}

test.describe.configure({ mode: 'serial' });

test('every admin screen at 1280 and 390 px', async ({ page, request }) => {
  await setUp(request);
  await signIn(page, ADMIN.email, ADMIN.password);
  await sweep(page, 'admin');
});

test('every store keeper screen at 1280 and 390 px', async ({ page }) => {
  await signIn(page, keeperEmail, password);
  await sweep(page, 'keeper');
});

test('every store user screen at 1280 and 390 px', async ({ page }) => {
  await signIn(page, viewerEmail, password);
  await sweep(page, 'viewer');
});
