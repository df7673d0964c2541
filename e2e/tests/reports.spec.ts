import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, signIn, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;
const storeName = unique('Report Store');
const keeper = { email: `report.keeper.${Date.now()}@example.com`, password: 'report-keeper-pass' };

async function api(request: APIRequestContext, token: string, method: 'post' | 'get', url: string, data?: object) {
  const response = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('set up: a store with a keeper and a month of movements', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await api(request, admin, 'post', '/api/stores', { name: storeName, location: 'East gate' });
  await api(request, admin, 'post', '/api/auth/create-user', { name: 'Rae Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  const { product: cement } = await api(request, token, 'post', '/api/user/add-product', {
    name: 'Ciment Portland é',
    unit: 'bag',
    totalQuantity: 100,
  });
  await api(request, token, 'post', '/api/user/add-product', { name: 'Sand, washed', unit: 'm3', totalQuantity: 12 });
  await api(request, token, 'post', '/api/user/consume-stock', { productId: cement._id, quantity: 30 });
  await api(request, token, 'post', '/api/user/add-restock-product', { name: cement.name, quantity: 10 });
});

test('the keeper fetches the report and downloads the PDF and the CSV', async ({ page }) => {
  await signIn(page, keeper.email, keeper.password);
  await page.goto('/dashboard/generatereport');
  await expect(page.getByRole('heading', { name: 'Generate Store Report' })).toBeVisible();
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select both Start Date and End Date.');
  await page.getByLabel('Start Date').fill(monthStart);
  await page.getByLabel('End Date').fill(today);
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  const cementRow = page.getByRole('row', { name: /Ciment Portland é/ });
  await expect(cementRow).toContainText('80');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF Report' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`store_report_${monthStart}_to_${today}.pdf`);
  await pdf.saveAs(`downloads/${pdf.suggestedFilename()}`);
  expect(readFileSync(`downloads/${pdf.suggestedFilename()}`).subarray(0, 5).toString()).toBe('%PDF-');

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`store_report_${monthStart}_to_${today}.csv`);
  await csv.saveAs(`downloads/${csv.suggestedFilename()}`);
  const text = readFileSync(`downloads/${csv.suggestedFilename()}`, 'utf8');
  expect(text.startsWith('\uFEFFDate,Product,Category')).toBe(true);
  expect(text).toContain('"Sand, washed"');
  expect(text).toContain('Ciment Portland é');
});

test.describe('on a phone set to American English', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the report dates are typed and shown day first, as the report writes them', async ({ page }) => {
    await signIn(page, keeper.email, keeper.password);
    await page.goto('/dashboard/generatereport');
    const start = page.getByLabel('Start Date');
    await expect(start).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
    await start.fill(dayFirst(monthStart));
    await page.getByLabel('End Date').fill(dayFirst(today));
    await page.getByLabel('End Date').blur();
    const asked = page.waitForRequest((request) => request.url().includes('/api/') && request.url().includes(`startDate=${monthStart}`));
    await page.getByRole('button', { name: 'Fetch Report' }).click();
    expect(new URL((await asked).url()).searchParams.get('endDate')).toBe(today);
    await expect(page.getByRole('row', { name: /Ciment Portland é/ })).toContainText('80');
    await expect(start).toHaveValue(dayFirst(monthStart));
    await page.screenshot({ path: 'screenshots/report-dates-390.png' });
  });
});

test('the admin picks the store and downloads "Store_Report_{start}_to_{end}.pdf"', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/generatereport');
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a store and date range.');
  await page
    .getByRole('textbox', { name: 'Store' })
    .or(page.getByRole('combobox', { name: 'Store' }))
    .first()
    .click();
  await page.getByRole('option', { name: storeName }).click();
  await page.getByLabel('Start Date').fill(monthStart);
  await page.getByLabel('End Date').fill(today);
  await expect(page.getByRole('button', { name: 'Generate PDF Report' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Fetch Report' }).click();
  await expect(page.getByRole('row', { name: /Sand, washed/ })).toContainText('12');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Generate PDF Report' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`Store_Report_${monthStart}_to_${today}.pdf`);
  await pdf.saveAs(`downloads/${pdf.suggestedFilename()}`);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`Store_Report_${monthStart}_to_${today}.csv`);

  await page.goto('/dashboard/tracksupplies');
  const [supplies] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Export ${storeName} as PDF` }).click(),
  ]);
  expect(supplies.suggestedFilename()).toBe(`${storeName}-report.pdf`);
  await supplies.saveAs(`downloads/${supplies.suggestedFilename()}`);
});
