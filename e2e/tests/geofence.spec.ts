import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, signIn, snap, unique } from './helpers';

const keeper = { email: `fence.keeper.${Date.now()}@example.com`, password: 'fence-keeper-pass' };
const storeName = unique('Fenced yard');
const cement = unique('Fenced cement');
/** The yard's gate; the keeper stands 5 km north of it (a degree of latitude is 111.2 km). */
const GATE = { latitude: 6.5244, longitude: 3.3792 };
const FAR = { latitude: GATE.latitude + 5_000 / 111_195, longitude: GATE.longitude, accuracy: 20 };

test('an admin fences a store; an issue recorded 5 km away is accepted, flagged, counted and listed', async ({
  page,
  browser,
  request,
}) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: storeName, location: 'Ring road' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Femi Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await apiPost(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 30 });

  // The admin draws the fence in the store's dialog.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/allstores');
  await page.getByPlaceholder('Search by store name or location').fill(storeName);
  await page.getByRole('button', { name: `Edit ${storeName}` }).click();
  const fence = page.getByRole('dialog').getByRole('group', { name: 'Geofence' });
  await expect(fence).toContainText('No geofence');
  await fence.getByLabel('Latitude').fill(String(GATE.latitude));
  await fence.getByLabel('Longitude').fill(String(GATE.longitude));
  await fence.getByLabel('Radius (m)').fill('200');
  await fence.getByRole('button', { name: 'Save geofence' }).click();
  await expect(fence).toContainText('Geofence saved.');
  await expect(fence).toContainText('Geofence: 200 m around its centre');
  await snap(page, 'store-geofence-1280');

  // The keeper's phone, 5 km from the gate, records where it is.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    geolocation: FAR,
    permissions: ['geolocation'],
  });
  const keeperPage = await phone.newPage();
  await signIn(keeperPage, keeper.email, keeper.password);
  await keeperPage.goto('/dashboard/consumestock');
  await keeperPage.getByRole('switch', { name: /^Record where I am with each entry/ }).check();
  await expect(keeperPage.getByText('On: each entry records where this phone is (within 20 m).')).toBeVisible();
  await keeperPage.getByRole('combobox', { name: 'Material' }).click();
  await keeperPage.getByRole('option', { name: new RegExp(`^${cement}`) }).click();
  await keeperPage.getByRole('textbox', { name: /Quantity/ }).fill('2');
  await keeperPage.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(keeperPage.getByRole('status')).toHaveText('Stock issued successfully');
  await snap(keeperPage, 'location-recorded-390');
  await phone.close();

  // The admin's dashboard counts it; the exceptions list says where and how far.
  await page.goto('/dashboard/admin');
  await expect(page.getByText(/movements? (was|were) recorded outside (its|their) store’s geofence in the last 30 days/)).toBeVisible();
  await page.getByRole('link', { name: 'See the exceptions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/exceptions$/);
  const row = page.getByRole('row', { name: new RegExp(cement) });
  await expect(row).toContainText(storeName);
  await expect(row).toContainText('Femi Keeper');
  await expect(row).toContainText('5 km from the centre (fence 200 m, accurate to 20 m)');
  await snap(page, 'exceptions-1280');
});
