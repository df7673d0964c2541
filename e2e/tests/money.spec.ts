import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost, KEPT_LISTS, keptLists, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const keeper = { email: `money.keeper.${Date.now()}@example.com`, password: 'money-keeper-pass' };
const rebar = unique('Rebar 12 mm');
const jobCode = unique('TWR');
const costCode = unique('03 21 00');

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  return (await (await request.post('/auth/login', { data: account })).json()).token;
}

/** The keeper's phone: 390 px wide, signed in with the app installed. */
async function onPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

test('set up: a store with a job, a cost code and rebar at no cost yet, and its keeper', async ({ request }) => {
  const admin = await tokenOf(request, ADMIN);
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Tower store'), location: 'Plot 9' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Ada Keeper', ...keeper, role: 'user', stores: [store._id] });
  await apiPost(request, admin, '/api/jobs', { code: jobCode, name: 'Tower A frame', storeIds: [store._id], budget: '1000' });
  await apiPost(request, admin, '/api/cost-codes', { code: costCode, name: 'Reinforcing steel' });
  await apiPost(request, await tokenOf(request, keeper), '/api/user/add-product', { name: rebar, unit: 'bar', totalQuantity: 0 });
});

test('a keeper buys at a unit cost, issues to a job and cost code with no signal, syncs, and sees the job charged', async ({
  page,
  context,
}) => {
  await onPhone(page);
  await page.goto('/dashboard/restockproduct');
  await expect.poll(() => keptLists(page), { timeout: 30_000 }).toEqual(KEPT_LISTS);
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: new RegExp(`^${rebar}`) }).click();
  const unitCost = page.getByRole('textbox', { name: 'Unit cost ($)' });
  await expect(unitCost).toHaveValue('0');
  await page.getByRole('textbox', { name: 'Restock Quantity' }).fill('20');
  await unitCost.fill('12.5');
  await page.getByRole('button', { name: 'Restock Material' }).click();
  await expect(page.getByRole('status')).toContainText(/./);
  await expect(page.getByTestId('stock-Available')).toHaveText('20');

  await context.setOffline(true);
  await page.goto('/dashboard/consumestock');
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: new RegExp(`^${rebar}`) }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('4');
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: `${jobCode} · Tower A frame` }).click();
  await page.getByRole('combobox', { name: 'Cost code' }).click();
  await page.getByRole('option', { name: `${costCode} · Reinforcing steel` }).click();
  await snap(page, 'issue-to-job-offline-390');
  await page.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(page.getByRole('status')).toHaveText('Recorded on this phone. It will be sent as soon as there is signal.');
  const bar = page.getByRole('region', { name: 'Sync status' });
  await expect(bar).toContainText('1 waiting to sync');

  await context.setOffline(false);
  await expect(bar).toBeHidden({ timeout: 20_000 });
  await page.goto('/dashboard/jobcost');
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: `${jobCode} · Tower A frame` }).click();
  await expect(page.getByTestId('job-cost-total')).toHaveText('$50.00');
  await expect(page.getByText(`${costCode} · Reinforcing steel`)).toBeVisible();
  await expect(page.getByTestId('job-budget-used')).toHaveText('5% of the budget used');
  await snap(page, 'job-cost-390');
});

test('the valuation screen at 1280 px shows what the store holds, valued from the ledger', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, keeper.email, keeper.password);
  await page.goto('/dashboard/valuation');
  await expect(page.getByTestId('valuation-total')).toHaveText('$200.00');
  await expect(page.getByTestId('valuation-in-transit')).toHaveText('$0.00');
  const row = page.getByRole('row').filter({ hasText: rebar });
  await expect(row).toContainText('16 bar');
  await expect(row).toContainText('$12.50');
  await snap(page, 'valuation-1280');
});
