import { type APIRequestContext, expect, test } from '@playwright/test';
import { filmOfLabel, PHONE_WITH_CAMERA, phoneWithCamera } from './camera';
import { ADMIN, signIn, snap, unique } from './helpers';

const keeper = { email: `scan.keeper.${Date.now()}@example.com`, password: 'scan-keeper-pass' };
const cement = unique('Scanned cement');

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('pressing scan on the issue screen and showing the camera a label picks its material', async ({ request, baseURL }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await post(request, admin, '/api/stores', { name: unique('Scan store'), location: 'Gate 3' });
  await post(request, admin, '/api/auth/create-user', { name: 'Sam Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await post(request, token, '/api/user/add-product', { name: unique('Other cement'), unit: 'bag', totalQuantity: 5 });
  const { product } = await post(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 40 });

  const browser = await phoneWithCamera(await filmOfLabel(product.code));
  try {
    const page = await (await browser.newContext({ baseURL, ...PHONE_WITH_CAMERA })).newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, keeper.email, keeper.password);
    await page.goto('/dashboard/consumestock');
    await page.getByRole('button', { name: 'Scan material label' }).click();
    await expect(page.getByRole('combobox', { name: 'Material' })).toHaveValue(`${cement} (bag)`, { timeout: 20_000 });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('stock-Available')).toHaveText('40');
    await snap(page, 'scan-picked-390');
    expect(violations).toEqual([]);

    // A handheld scanner types the code into the picker's box and presses Enter: the same material.
    await page.reload();
    await page.getByRole('combobox', { name: 'Material' }).fill(product.code.toLowerCase());
    await expect(page.getByRole('combobox', { name: 'Material' })).toHaveValue(`${cement} (bag)`);

    // Labels for what the list shows: the search narrows it to the one material.
    await page.goto('/dashboard/allproducts');
    await page.getByPlaceholder('Search materials').fill(cement);
    await page.keyboard.press('Escape');
    // The list shows no error, and its one row is the cement (an error's text is what a failure reports).
    await expect(async () => {
      expect(await page.getByRole('alert').allInnerTexts()).toEqual([]);
      await expect(page.getByRole('row').filter({ hasText: cement })).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // No other material is left beside it (whether the header counts as a row depends on the phone's card layout).
    await expect(page.getByRole('row').filter({ hasText: 'Other cement' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog.getByText(`${cement} · ${product.code}`)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Skip the first positions' }).fill('4');
    await snap(page, 'label-sheet-390');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('stockyard-labels.pdf');
    await expect(dialog).toBeHidden();
  } finally {
    await browser.close();
  }
});
