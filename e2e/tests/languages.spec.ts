import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost } from './helpers';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const keeper = { email: `bhasha.keeper.${stamp}@example.com`, password: 'bhasha-keeper-pass' };
const storeUser = { email: `bhasha.user.${stamp}@example.com`, password: 'bhasha-user-pass' };
const chooser = { email: `bhasha.chooser.${stamp}@example.com`, password: 'bhasha-chooser-pass' };
/** Data in Devanagari, so that any Latin text on a Hindi screen is the app's own. */
const cement = `सीमेंट ${stamp
  .toString()
  .slice(-4)
  .replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)] ?? d)}`;

test.beforeAll(async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: `भंडार ${stamp}` });
  for (const [name, account, role] of [
    ['राम', keeper, 'user'],
    ['सीता', chooser, 'user'],
    ['लक्ष्मण', storeUser, 'store-user'],
  ] as const) {
    await apiPost(request, admin, '/api/auth/create-user', { name, ...account, role, stores: [store._id] });
  }
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await apiPost(request, token, '/api/user/add-product', { name: cement, unit: 'बोरी', totalQuantity: 40 });
});

/** A phone whose browser speaks this language, signed in; the login page is read by its fields' types, not its words. */
async function phoneIn(browser: Browser, locale: string, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('input[type="email"]').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard\//);
  return page;
}

/** Words in Latin letters on the screen (the brand and units of measure excepted), and anything wider than the phone. */
async function englishAndOverflow(page: Page): Promise<{ latin: string[]; overflowing: string[] }> {
  return page.evaluate(() => {
    // The language picker names each language in itself ("English", "Français"), and what is marked not to be
    // translated is data (a phone's browser and system): that is not the app speaking English.
    const pickers = [...document.querySelectorAll<HTMLElement>('select[aria-label], [translate="no"]')];
    for (const picker of pickers) picker.style.display = 'none';
    const text = document.body.innerText;
    for (const picker of pickers) picker.style.display = '';
    // The brand, the names of file formats and of the QR code, and the am/pm that Hindi clocks write, are in Latin letters.
    const allowed = ['QR', 'Stockyard', 'PDF', 'CSV', 'csv', 'xlsx', 'Excel', 'API', 'am', 'pm'];
    const latin = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !allowed.includes(word));
    const overflowing: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) overflowing.push(`page ${document.documentElement.scrollWidth}px`);
    for (const element of document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, [role="status"]')) {
      if (element.offsetParent && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'auto') {
        overflowing.push(`${element.tagName} "${element.innerText.slice(0, 40)}" ${element.scrollWidth}>${element.clientWidth}`);
      }
    }
    return { latin: [...new Set(latin)], overflowing };
  });
}

const hubTitles = { en: 'Inventory Management', es: 'Gestión de inventario', fr: 'Gestion des stocks', hi: 'इन्वेंटरी प्रबंधन' };

for (const [language, title] of Object.entries(hubTitles)) {
  test(`the keeper hub in ${language} at 390 px, in the language of the phone's browser`, async ({ browser }) => {
    const page = await phoneIn(browser, language === 'hi' ? 'hi-IN' : language, keeper);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `screenshots/keeper-hub-${language}-390.png`, fullPage: true });
    expect((await englishAndOverflow(page)).overflowing).toEqual([]);
    await page.context().close();
  });
}

test('in Hindi, the keeper hub and the issue screen show no English and nothing overflows; an issue is recorded', async ({ browser }) => {
  const page = await phoneIn(browser, 'hi-IN', keeper);
  await expect(page.getByRole('heading', { name: 'इन्वेंटरी प्रबंधन' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await englishAndOverflow(page)).toEqual({ latin: [], overflowing: [] });

  await page.getByRole('link', { name: 'जारी सामग्री' }).click();
  await expect(page.getByRole('heading', { name: 'जारी सामग्री दर्ज करें' })).toBeVisible();
  const picker = page
    .getByRole('textbox', { name: 'सामग्री' })
    .or(page.getByRole('combobox', { name: 'सामग्री' }))
    .first();
  await picker.click();
  await picker.fill(cement.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(cement) }).click();
  await expect(page.getByTestId('stock-Available')).toHaveText('40');
  await page.getByRole('textbox', { name: 'मात्रा' }).fill('3');
  expect(await englishAndOverflow(page)).toEqual({ latin: [], overflowing: [] });
  await page.screenshot({ path: 'screenshots/issue-hi-390.png', fullPage: true });

  await page.getByRole('button', { name: 'स्टॉक जारी करें' }).click();
  await expect(page.getByRole('status')).toHaveText('स्टॉक जारी हो गया');
  await expect(page.getByTestId('stock-Available')).toHaveText('37');
  expect(await englishAndOverflow(page)).toEqual({ latin: [], overflowing: [] });
  await page.context().close();
});

test('a language chosen on the account screen is saved with the person and follows them to another phone', async ({ browser }) => {
  const first = await phoneIn(browser, 'en-GB', chooser);
  await expect(first.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  // On a phone the language waits behind the account icon, leaving the bar to the store and the screen.
  await first.getByRole('link', { name: 'Your account' }).click();
  await expect(first.getByTestId('bar-page')).toHaveText('Your account');
  const saved = first.waitForResponse((response) => response.url().endsWith('/api/auth/language') && response.ok());
  await first.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
  await saved;
  await expect(first.getByRole('heading', { name: 'Votre compte' })).toBeVisible();
  await first.context().close();

  const second = await phoneIn(browser, 'en-GB', chooser);
  await expect(second.getByRole('heading', { name: 'Gestion des stocks' })).toBeVisible();
  await second.context().close();
});

/** Every screen a role opens from its menu (a screen of one record, such as a count, is opened from its list). */
const screensOf = {
  keeper: [
    '/dashboard/manager-dashboard',
    '/dashboard/allproducts',
    '/dashboard/addproduct',
    '/dashboard/consumestock',
    '/dashboard/damagestock',
    '/dashboard/refundstock',
    '/dashboard/restockproduct',
    '/dashboard/transferproduct',
    '/dashboard/supplymanagement',
    '/dashboard/addtool',
    '/dashboard/alltool',
    '/dashboard/consumetool',
    '/dashboard/damagetool',
    '/dashboard/refundtool',
    '/dashboard/import',
    '/dashboard/generatereport',
    '/dashboard/counts',
    '/dashboard/toolsout',
    '/dashboard/workers',
    '/dashboard/lowstock',
    '/dashboard/requests',
    '/dashboard/transfers',
    '/dashboard/needs-attention',
    '/dashboard/notifications',
    '/dashboard/sessions',
    '/dashboard/changepassword',
  ],
  storeUser: [
    '/dashboard/store-user-dashboard',
    '/dashboard/alltools',
    '/dashboard/toolsout',
    '/dashboard/notifications',
    '/dashboard/sessions',
  ],
};

for (const [role, paths] of Object.entries(screensOf)) {
  test(`in Hindi at 390 px, every screen of the ${role === 'keeper' ? 'keeper' : 'store user'} shows no English and nothing overflows`, async ({
    browser,
  }) => {
    // A page load and a scan of its texts per screen: the test's time grows with the screens.
    test.setTimeout(Math.max(60_000, paths.length * 6_000));
    const page = await phoneIn(browser, 'hi-IN', role === 'keeper' ? keeper : storeUser);
    const found: Record<string, { latin: string[]; overflowing: string[] }> = {};
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const seen = await englishAndOverflow(page);
      if (seen.latin.length > 0 || seen.overflowing.length > 0) found[path] = seen;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
}
