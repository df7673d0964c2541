import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const storeName = unique('Count Store');
const keeper = { email: `count.keeper.${Date.now()}@example.com`, password: 'count-keeper-pass' };
const materials = [
  { name: unique('Count cement'), unit: 'bag', start: 100, counted: 97 },
  { name: unique('Count sand'), unit: 'm3', start: 40, counted: 40 },
  { name: unique('Count rebar'), unit: 'piece', start: 250, counted: 260 },
];

async function api(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** The Close Qty cell (13th column) of a material's row in the keeper's Material List. */
function closingOf(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(12);
}

test('set up: a store with a keeper and three materials', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await api(request, admin, '/api/stores', { name: storeName, location: 'East yard' });
  await api(request, admin, '/api/auth/create-user', { name: 'Kit Counter', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  for (const material of materials) {
    await api(request, token, '/api/user/add-product', { name: material.name, unit: material.unit, totalQuantity: material.start });
  }
});

test('a keeper counts three materials on a phone, blind, and submits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.getByRole('link', { name: 'Stock Count' }).click();
  await expect(page.getByRole('heading', { name: 'Stock counts' })).toBeVisible();
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByRole('heading', { name: 'Count of materials' })).toBeVisible();
  await expect(page.getByText('0 of 3 counted')).toBeVisible();
  // Blind: nothing on screen says what the books expect.
  await expect(page.getByText(/^Books:/)).toHaveCount(0);

  for (const material of materials) {
    const field = page.getByRole('textbox', { name: `Counted ${material.name}` });
    await field.fill(String(material.counted));
    await field.press('Enter');
  }
  await expect(page.getByText('3 of 3 counted')).toBeVisible();
  await expect(page.getByLabel('Saved')).toHaveCount(3);
  await snap(page, 'count-on-phone-390');

  await page.getByRole('button', { name: 'Submit count' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Count submitted.')).toBeVisible();
  // After submitting, the keeper sees the review; the store's tolerance is 0 %, so an admin posts it.
  // On the phone the review is a card per line, every figure on screen and nothing past its edge.
  const review = page.getByRole('list', { name: 'Count review' });
  const cement = review.getByRole('listitem', { name: materials[0]?.name });
  for (const header of ['Expected', 'Counted', 'Difference', 'Moved since']) await expect(cement).toContainText(header);
  await expect(cement.getByTestId(/^Difference-/)).toHaveText('-3');
  await expect(cement.getByTestId(/^Expected-/)).toHaveText('100');
  await expect(review.getByRole('listitem', { name: materials[2]?.name }).getByTestId(/^Difference-/)).toHaveText('+10');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = await cement.boundingBox();
  expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(390);
  await snap(page, 'count-review-390');
  await expect(page.getByText("A difference is beyond this store's count tolerance of 0%: an admin posts this count.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post count' })).toBeDisabled();
});

test('an admin posts the count with a reason for each difference; the material list shows the counted quantities', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/counts');
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toContainText('Submitted');
  await row.getByRole('link').click();
  const review = page.getByRole('table', { name: 'Count review' });
  await expect(review).toBeVisible();
  await page.getByRole('button', { name: 'Post count' }).click();
  await expect(page.getByRole('alert')).toContainText('Give a reason for every difference');
  await page.getByRole('textbox', { name: `Reason for ${materials[0]?.name}` }).fill('Two bags torn, one spilt');
  await page.getByRole('textbox', { name: `Reason for ${materials[2]?.name}` }).fill('Delivery note short by 10');
  await expect(page.getByRole('textbox', { name: `Reason for ${materials[1]?.name}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Post count' }).click();
  await expect(page.getByText('Count posted.')).toBeVisible();
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  await snap(page, 'count-posted');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, keeper.email, keeper.password);
  await phone.goto('/dashboard/allproducts');
  for (const material of materials) await expect(closingOf(phone, material.name)).toHaveText(String(material.counted));
  await phone.close();
});

test('a keeper reverses a mistyped issue from its history; the history shows both', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  const { token } = await (await page.request.post('/auth/login', { data: keeper })).json();
  const cement = materials[0]?.name ?? '';
  const list = await (
    await page.request.get(`/api/user/get-product?q=${encodeURIComponent(cement)}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const product = (Array.isArray(list) ? list : list.products)[0];
  await api(page.request, token, '/api/user/consume-stock', { productId: product._id, quantity: 50 });

  await page.goto('/dashboard/allproducts');
  await expect(closingOf(page, cement)).toHaveText('47');
  await page.getByRole('button', { name: `History of ${cement}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${cement}` });
  await history.getByRole('button', { name: /^Reverse Issued/ }).click();
  const form = page.getByRole('dialog', { name: 'Reverse movement' });
  await form.getByRole('textbox', { name: 'Reason' }).fill('Typed 50 instead of 5');
  await form.getByRole('button', { name: 'Reverse' }).click();
  await expect(history.getByText('Movement reversed.')).toBeVisible();
  await expect(history.getByText('Reversal of issued')).toBeVisible();
  await expect(history.getByText(/Reversed .* by Kit Counter: Typed 50 instead of 5/)).toBeVisible();
  await expect(history.getByText('-50', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(form).toBeHidden();
  await snap(page, 'history-with-reversal-390');
  await page.keyboard.press('Escape');
  await expect(closingOf(page, cement)).toHaveText('97');
});
