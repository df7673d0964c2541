import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost, signIn, unique } from './helpers';

const keeper = { email: `scheme.keeper.${Date.now()}@example.com`, password: 'scheme-keeper-pass' };

test.beforeAll(async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Scheme Store') });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Dara Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await apiPost(request, token, '/api/user/add-product', { name: unique('Cement'), unit: 'bag', totalQuantity: 3 });
});

/** WCAG 2 A and AA as axe checks them (Lighthouse's accessibility audits run the same engine). */
async function violationsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`follows a ${scheme} system setting at AA contrast on the login page and a keeper's screens`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    await signIn(page, keeper.email, keeper.password);
    const screens = [
      ['/dashboard/manager-dashboard', page.getByRole('link', { name: 'Generate Report' })],
      ['/dashboard/consumestock', page.getByRole('button', { name: 'Issued Stock' })],
      ['/dashboard/allproducts', page.getByRole('heading', { name: 'Material List' })],
    ] as const;
    for (const [path, shown] of screens) {
      await page.goto(path);
      await expect(shown).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violationsOn(page), path).toEqual([]);
    }
    await page.goto('/dashboard/manager-dashboard');
    await expect(page.getByRole('link', { name: 'Generate Report' })).toBeVisible();
    await page.screenshot({ path: `screenshots/keeper-hub-${scheme}-390.png`, fullPage: true });
  });
}

test('the toggle switches the scheme and the choice outlasts a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Light mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
