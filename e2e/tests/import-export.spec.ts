import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, signIn, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const keeper = { email: `import.keeper.${Date.now()}@example.com`, password: 'import-keeper-pass' };
const tag = Date.now().toString(36);

test.beforeAll(async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Import Store') });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Ines Keeper', ...keeper, role: 'user', stores: [store._id] });
});

/** A spreadsheet as a site keeps it: its own headings, one row with a quantity that is not whole. */
function sheet(quantityOfTiles: string): Buffer {
  const rows = [
    'Item,Category,UOM,Opening stock',
    `Cement ${tag},Binders,bag,120`,
    `River sand ${tag},Aggregates,ton,14`,
    `Floor tiles ${tag},Finishes,box,${quantityOfTiles}`,
  ];
  return Buffer.from(`${rows.join('\r\n')}\r\n`);
}

test('a keeper imports a spreadsheet: the preview names the bad row, the fixed file imports once', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import from a spreadsheet' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: sheet('2.5') });
  const problems = page.getByRole('table', { name: 'Problems' });
  await expect(problems).toContainText('is counted in whole units: enter a quantity without decimals.');
  await expect(problems.getByRole('row').nth(1)).toContainText('4');
  // The site's own headings were matched to the fields.
  await expect(page.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('UOM');
  await expect(page.getByRole('combobox', { name: 'Quantity', exact: true })).toHaveValue('Opening stock');
  await expect(page.getByRole('button', { name: 'Import 3 materials' })).toBeDisabled();
  await page.screenshot({ path: 'screenshots/import-preview-390.png', fullPage: true });

  await page.locator('input[type="file"]').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: sheet('30') });
  await expect(page.getByText('3 rows for')).toBeVisible();
  await expect(page.getByText('no problems')).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 materials' }).click();
  await expect(page.getByRole('status')).toContainText('Imported 3 materials into');

  // The same file again is recognised.
  await page.locator('input[type="file"]').setInputFiles({ name: 'site-copy.csv', mimeType: 'text/csv', buffer: sheet('30') });
  await expect(page.getByRole('alert')).toContainText('This file was already imported');
  await expect(page.getByRole('button', { name: 'Import 3 materials' })).toBeDisabled();
});

test('the keeper’s material list downloads what its search shows, as CSV', async ({ page }) => {
  await signIn(page, keeper.email, keeper.password);
  await page.goto('/dashboard/allproducts');
  await page.getByPlaceholder('Search materials').fill(`sand ${tag}`);
  await expect(page.getByText(`River sand ${tag}`).first()).toBeVisible();
  await expect(page.getByText(`Cement ${tag}`)).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('materials.csv');
  const text = (await readFile(await download.path())).toString('utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Name,Category,Material,Size,Unit,Quantity');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`River sand ${tag},Aggregates,N/A,,ton,14`);
});
