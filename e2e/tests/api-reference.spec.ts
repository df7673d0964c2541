import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

test('the API reference page loads under the CSP, grouped by feature, with each call’s schemas', async ({ page }) => {
  const violations: string[] = [];
  const failed: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('requestfailed', (request) => failed.push(request.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The reference is built at its first request, and the page then renders every call: on a loaded host that takes a while.
  await expect(page.getByRole('heading', { name: /Stockyard API/ })).toBeVisible({ timeout: 30_000 });
  for (const group of ['tokens', 'movements', 'materials', 'transfers']) {
    await expect(page.locator(`h3#operations-tag-${group.replace(' ', '_')}`)).toBeVisible();
  }
  // Open the token call: its request body and answers are documented.
  await page.getByRole('button', { name: 'POST /api/tokens', exact: true }).click();
  const createToken = page.locator('.opblock.is-open', { hasText: '/api/tokens' });
  await expect(createToken.getByText('Request body')).toBeVisible();
  await expect(createToken.locator('.responses-table')).toContainText('201');
  await createToken.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/api-reference.png' });
  expect(violations).toEqual([]);
  expect(failed).toEqual([]);
});

test('a script reads movements with a read token, and cannot move stock with it', async ({ request }) => {
  const { token: session } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const created = await request.post('/api/tokens', {
    headers: { authorization: `Bearer ${session}` },
    data: { name: `Export ${Date.now()}`, scope: 'read', currentPassword: ADMIN.password },
  });
  expect(created.status()).toBe(201);
  const { token } = await created.json();
  const headers = { authorization: `Bearer ${token}` };
  const firstPage = await request.get('/api/movements?after=&limit=5', { headers });
  expect(firstPage.status()).toBe(200);
  const body = await firstPage.json();
  expect(typeof body.next).toBe('string');
  const refused = await request.post('/api/user/consume-stock', { headers, data: { productId: crypto.randomUUID(), quantity: 1 } });
  expect(refused.status()).toBe(403);
});
