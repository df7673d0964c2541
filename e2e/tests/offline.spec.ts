import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, KEPT_LISTS, keptLists, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const keeper = { email: `offline.keeper.${Date.now()}@example.com`, password: 'offline-keeper-pass' };
const cement = unique('Basement cement');
const sand = unique('Basement sand');
const drill = unique('Basement drill');
const lime = unique('Shared lime');
const grinder = unique('Basement grinder');
const mason = unique('Ife Mason');

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const response = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

async function keeperToken(request: APIRequestContext): Promise<string> {
  return (await (await request.post('/auth/login', { data: keeper })).json()).token;
}

/** The movements of the keeper's store other than openings, oldest first. */
async function ledger(request: APIRequestContext) {
  const token = await keeperToken(request);
  const answer = await request.get('/api/movements?limit=100', { headers: { authorization: `Bearer ${token}` } });
  const { movements } = await answer.json();
  return (movements as { kind: string; quantity: number; itemName: string }[])
    .filter((movement) => movement.kind !== 'opening')
    .map((movement) => `${movement.kind} ${movement.quantity} ${movement.itemName}`)
    .sort();
}

/** What the phone keeps in IndexedDB, read from the page. */
function readStore(page: Page, store: 'outbox' | 'lists') {
  return page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('stockyard-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => resolve(all.result);
        };
      }),
    store,
  );
}

/** Signs the keeper in on a phone-sized page, lets the app install, and waits until a movement screen kept the store's lists. */
async function openOnPhone(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto(path);
  // The lists fill in the background after sign-in; on a busy 2-core machine that took over 10 s once.
  await expect.poll(async () => keptLists(page), { timeout: 30_000 }).toEqual(KEPT_LISTS);
}

async function record(page: Page, path: string, picker: 'Material' | 'Tool', item: string, quantity: string, button: string) {
  await page.goto(path);
  await page.getByRole('combobox', { name: picker }).click();
  await page.getByRole('option', { name: new RegExp(`^${item}`) }).click();
  const field = page.getByRole('textbox', { name: /Quantity/ });
  await field.fill(quantity);
  return async () => {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('status')).toHaveText('Recorded on this phone. It will be sent as soon as there is signal.');
  };
}

test('set up: a store with cement, sand and a drill, and its keeper', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await post(request, admin, '/api/stores', { name: unique('Basement store'), location: 'Level -2' });
  await post(request, admin, '/api/auth/create-user', { name: 'Olu Keeper', ...keeper, role: 'user', stores: [store._id] });
  const token = await keeperToken(request);
  await post(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 50 });
  await post(request, token, '/api/user/add-product', { name: sand, unit: 'ton', totalQuantity: 30 });
  await post(request, token, '/api/user/add-tools', { name: drill, totalQuantity: 5 });
  await post(request, token, '/api/user/add-product', { name: lime, unit: 'bag', totalQuantity: 10 });
  await post(request, token, '/api/user/add-tools', { name: grinder, totalQuantity: 2 });
  await post(request, token, '/api/workers', { name: mason, trade: 'Mason' });
});

test('a keeper who only looks stock up on the Material List still has it with no signal', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/dashboard/allproducts');
  await expect(page.getByText(cement)).toBeVisible();
  // Whatever the first screen kept is gone (a cleared phone): the Material List alone keeps the lists again.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('stockyard-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const cleared = open.result.transaction('lists', 'readwrite').objectStore('lists').clear();
          cleared.onsuccess = () => resolve();
        };
      }),
  );
  expect(await keptLists(page)).toEqual([]);
  await page.reload();
  await expect(page.getByText(cement)).toBeVisible();
  await expect.poll(async () => keptLists(page), { timeout: 30_000 }).toEqual(KEPT_LISTS);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('note')).toHaveText(/^Offline: stock as of \d{2}:\d{2}$/);
  await expect(page.getByText(cement)).toBeVisible();
  await page.getByRole('combobox', { name: 'Search materials' }).fill(sand.slice(0, 12));
  await expect(page.getByText(sand)).toBeVisible();
  await expect(page.getByText(cement)).toBeHidden();
  await expect(page.getByText('Cannot reach the server')).toBeHidden();
});

test('a keeper records 5 movements with no signal, reloads offline, and they reach the ledger once when the signal is back', async ({
  page,
  context,
}) => {
  await openOnPhone(page, '/dashboard/consumestock');

  await context.setOffline(true);
  await (await record(page, '/dashboard/consumestock', 'Material', cement, '3', 'Issued Stock'))();
  await expect(page.getByTestId('stock-Available')).toHaveText('47');
  await (await record(page, '/dashboard/damagestock', 'Material', sand, '2', 'Damage Stock'))();
  await (await record(page, '/dashboard/restockproduct', 'Material', sand, '10', 'Restock Material'))();
  await (await record(page, '/dashboard/consumetool', 'Tool', drill, '2', 'Issued Tool'))();
  const damageDrill = await record(page, '/dashboard/damagetool', 'Tool', drill, '1', 'Damage Stock');
  await page.getByRole('textbox', { name: 'Damage Reason' }).fill('Chuck cracked');
  await damageDrill();
  const bar = page.getByRole('region', { name: 'Sync status' });
  await expect(bar).toContainText('5 waiting to sync');

  // A reload with no network: the service worker starts the app, and the outbox is still there.
  await page.goto('/dashboard/manager-dashboard');
  await page.reload();
  await expect(bar).toContainText('Offline');
  await expect(bar).toContainText('5 waiting to sync');
  await expect(page.getByText('No signal: the charts will load when you are back online.')).toBeVisible();
  await snap(page, 'offline-hub-390');
  const outbox = await readStore(page, 'outbox');
  expect(outbox).toHaveLength(5);
  expect(await ledger(page.request)).toEqual([]);
  // The store's lists open from what the phone kept, found by the search box as online.
  await page.goto('/dashboard/allproducts');
  await expect(page.getByRole('note')).toHaveText(/^Offline: stock as of \d{2}:\d{2}$/);
  await page.getByRole('combobox', { name: 'Search materials' }).fill(sand.slice(0, 12));
  await expect(page.getByText(sand)).toBeVisible();
  await expect(page.getByText(cement)).toBeHidden();
  await snap(page, 'offline-list-390');
  await page.goto('/dashboard/alltool');
  await expect(page.getByRole('note')).toHaveText(/^Offline: stock as of \d{2}:\d{2}$/);
  await expect(page.getByText(drill)).toBeVisible();

  await context.setOffline(false);
  await expect(bar).toBeHidden({ timeout: 20_000 });
  const expected = [`damage 1 ${drill}`, `damage 2 ${sand}`, `issue 2 ${drill}`, `issue 3 ${cement}`, `purchase 10 ${sand}`].sort();
  expect(await ledger(page.request)).toEqual(expected);

  // The same outbox sent again adds nothing: every op answers duplicate.
  const ops = (outbox as Record<string, unknown>[]).map(({ userId: _u, itemName: _n, unit: _unit, ...op }) => op);
  const again = await post(page.request, await keeperToken(page.request), '/api/sync/movements', { ops });
  expect((again.results as { status: string }[]).map((result) => result.status)).toEqual(Array(5).fill('duplicate'));
  expect(await ledger(page.request)).toEqual(expected);
});

test('two phones: an issue recorded offline that the stock no longer covers is parked, then applied with what is left', async ({
  page,
  context,
  browser,
}) => {
  await openOnPhone(page, '/dashboard/consumestock');

  // Phone A, in the basement, issues 8 of the 10 bags.
  await context.setOffline(true);
  await (await record(page, '/dashboard/consumestock', 'Material', lime, '8', 'Issued Stock'))();
  // Logging out now would lose it: the app asks first, naming how many.
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('1 movement recorded on this phone has not reached the server yet. Logging out now loses it.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Phone B, upstairs with signal, issues 5 of them.
  const phoneB = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pageB = await phoneB.newPage();
  await signIn(pageB, keeper.email, keeper.password);
  await pageB.goto('/dashboard/consumestock');
  await pageB.getByRole('combobox', { name: 'Material' }).click();
  await pageB.getByRole('option', { name: new RegExp(`^${lime}`) }).click();
  await pageB.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await pageB.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(pageB.getByRole('status')).toHaveText('Stock issued successfully');
  await phoneB.close();

  // Phone A comes back: its 8 cannot be covered by the 5 left, so it waits for a person; nothing moved.
  await context.setOffline(false);
  await page.goto('/dashboard/manager-dashboard');
  // The sync ends with a refusal: the bar says so and leads to it, and nothing waits to be sent.
  const bar = page.getByRole('region', { name: 'Sync status' });
  await expect(bar.getByRole('link', { name: '1 need attention' })).toBeVisible({ timeout: 20_000 });
  await expect(bar).not.toContainText('waiting to sync');
  const limeMoves = async () => (await ledger(page.request)).filter((line) => line.endsWith(lime));
  expect(await limeMoves()).toEqual([`issue 5 ${lime}`]);
  await expect(page.getByRole('link', { name: /Needs attention/ }).getByLabel('1 need attention')).toBeVisible();
  await snap(page, 'sync-needs-attention-390');
  await bar.getByRole('link', { name: '1 need attention' }).click();
  await expect(page).toHaveURL(/\/dashboard\/needs-attention$/);
  const card = page.getByRole('listitem', { name: `Issue of ${lime}` });
  await expect(card).toContainText('Not enough stock available (5 bag available)');
  await expect(card.getByRole('textbox', { name: 'Quantity' })).toHaveValue('5');
  await snap(page, 'needs-attention-390');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status')).toHaveText('Movement applied.');
  await expect(card).toBeHidden();
  await expect(bar).toBeHidden();
  expect(await limeMoves()).toEqual([`issue 5 ${lime}`, `issue 5 ${lime}`]);
});

test('a keeper hands a grinder to a worker with no signal, and Tools out names the worker once it is synced', async ({ page, context }) => {
  await openOnPhone(page, '/dashboard/consumetool');

  await context.setOffline(true);
  const handOver = await record(page, '/dashboard/consumetool', 'Tool', grinder, '1', 'Issued Tool');
  const issuedTo = page.getByRole('combobox', { name: 'Issued to' });
  await expect(page.getByText(/^Offline: workers as of \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add worker' })).toBeDisabled();
  await issuedTo.click();
  await page.getByRole('option', { name: `${mason} (Mason)` }).click();
  await handOver();
  // The next hand-over starts afresh: no tool, no worker.
  await expect(page.getByRole('combobox', { name: 'Tool' })).toHaveValue('');
  await expect(issuedTo).toHaveValue('');
  const [queued] = (await readStore(page, 'outbox')) as { kind: string; workerId?: string }[];
  expect(queued).toMatchObject({ kind: 'tool-issue', workerId: expect.any(String) });
  // Tools out with no signal: what the phone kept, and the hand-over that waits to be sent.
  await page.goto('/dashboard/toolsout');
  await expect(page.getByRole('note')).toHaveText(/^Offline: tools out as of \d{2}:\d{2}$/);
  await expect(
    page.getByRole('list', { name: 'Hand-overs waiting to sync' }).getByRole('listitem', { name: `1 × ${grinder} with ${mason}` }),
  ).toContainText('Waiting to sync');
  await expect(page.getByText('No tools are out.')).toBeHidden();
  await snap(page, 'tools-out-offline-390');

  await context.setOffline(false);
  await page.goto('/dashboard/manager-dashboard');
  await expect(page.getByRole('region', { name: 'Sync status' })).toBeHidden({ timeout: 20_000 });
  await page.getByRole('link', { name: /Tools Out/ }).click();
  // The bar is also hidden before the phone has read its outbox: the hand-over leaves the waiting list once its sync is answered.
  await expect(page.getByRole('list', { name: 'Hand-overs waiting to sync' })).toBeHidden({ timeout: 20_000 });
  await expect(
    page.getByRole('list', { name: 'Custody records' }).getByRole('listitem', { name: `1 × ${grinder} with ${mason}` }),
  ).toContainText('Due ');
  expect((await ledger(page.request)).filter((line) => line.endsWith(grinder))).toEqual([`checkout 1 ${grinder}`]);
});

test('reloaded with signal and cut off at once, the phone still records an issue from the lists it kept', async ({ page, context }) => {
  await openOnPhone(page, '/dashboard/consumestock');
  const issuedBefore = (await ledger(page.request)).filter((line) => line === `issue 1 ${cement}`).length;

  // The signal drops as the app starts again: no fresh list can arrive, the kept ones must do.
  await page.reload({ waitUntil: 'commit' });
  await context.setOffline(true);
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: new RegExp(`^${cement}`) }).click();
  await expect(page.getByText(/^Offline: stock as of \d{2}:\d{2}$/)).toBeVisible();
  await page.getByRole('textbox', { name: /Quantity/ }).fill('1');
  await page.getByRole('button', { name: 'Issued Stock' }).click();
  await expect(page.getByRole('status')).toHaveText('Recorded on this phone. It will be sent as soon as there is signal.');

  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Sync status' })).toBeHidden({ timeout: 20_000 });
  expect((await ledger(page.request)).filter((line) => line === `issue 1 ${cement}`)).toHaveLength(issuedBefore + 1);
});

test('a sync whose answer is cut after the server recorded it clears its bar by itself, recorded once', async ({ page, context }) => {
  await openOnPhone(page, '/dashboard/consumestock');
  const issuedBefore = (await ledger(page.request)).filter((line) => line === `issue 1 ${sand}`).length;
  await context.setOffline(true);
  await (await record(page, '/dashboard/consumestock', 'Material', sand, '1', 'Issued Stock'))();
  const bar = page.getByRole('region', { name: 'Sync status' });
  await expect(bar).toContainText('1 waiting to sync');

  // The first sync reaches the server, which records it; its answer never reaches the phone.
  let cut = 0;
  await context.route('**/api/sync/movements', async (route) => {
    if (cut > 0) return route.continue();
    cut += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect.poll(() => cut).toBe(1);
  // Nobody taps "Sync now": the phone tries again within seconds and the server answers "duplicate".
  await expect(bar).toBeHidden({ timeout: 10_000 });
  await context.unroute('**/api/sync/movements');
  expect((await ledger(page.request)).filter((line) => line === `issue 1 ${sand}`)).toHaveLength(issuedBefore + 1);
});
