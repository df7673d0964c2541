import { expect, test } from '@playwright/test';
import { ADMIN, signIn, unique } from './helpers';

test('the built UI runs under the Content-Security-Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const path of [
    '/dashboard/productlist',
    '/dashboard/allusers',
    '/dashboard/tracksupplies',
    '/dashboard/generatereport',
    '/dashboard/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  }
  const html = await (await page.request.get('/')).text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(violations).toEqual([]);
});

test('a material named like HTML shows as text and runs nothing', async ({ page, request }) => {
  const { token } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const { store } = await (await request.post('/api/stores', { headers, data: { name: unique('XSS Store') } })).json();
  const name = `<img src=x onerror="window.__pwned = true">${Date.now()}`;
  const created = await request.post('/api/user/add-product', {
    headers,
    data: { name, storeId: store._id, totalQuantity: 1, remarks: '<b>bold</b>' },
  });
  expect(created.ok()).toBe(true);
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/productlist');
  await page.getByPlaceholder('Search by product name').fill(String(name.slice(-13)));
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});
