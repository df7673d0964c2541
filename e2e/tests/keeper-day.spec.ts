import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const store = unique('Site Store');
const keeper = { email: `day.keeper.${Date.now()}@example.com`, password: 'keeper-day-pass' };
const viewer = { email: `day.viewer.${Date.now()}@example.com`, password: 'viewer-day-pass' };
const cement = unique('Cement OPC');
const drill = unique('Hammer Drill');
const today = new Date().toISOString().slice(0, 10);

async function pick(page: Page, label: string, name: string) {
  const box = page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first();
  await box.click();
  await box.fill(name.slice(0, 12));
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

async function stockShown(page: Page, label: string) {
  return page.getByTestId(`stock-${label}`);
}

async function createUser(page: Page, name: string, email: string, password: string, role: 'Store Keeper' | 'User') {
  await page.goto('/dashboard/createuser');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('combobox', { name: 'Select Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByRole('combobox', { name: 'Assign Store' }).click();
  await page.getByRole('option', { name: store, exact: true }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('status')).toHaveText('User Created Successfully');
}

test('the admin sets up a store, a keeper and a store user', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/createstore');
  await page.getByLabel('Store Name').fill(store);
  await page.getByLabel('Store Address').fill('Plot 7, Ring Road');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByRole('status')).toHaveText('Store created successfully!');
  await createUser(page, 'Dee Keeper', keeper.email, keeper.password, 'Store Keeper');
  await createUser(page, 'Vic Viewer', viewer.email, viewer.password, 'User');
});

test("the keeper's day: every movement, with the server's numbers on screen after each", async ({ page }) => {
  // Every movement of a day and its answer in one test: three times the usual time.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  // The phone's top bar names the store and the screen; the hub's actions come before its charts.
  await expect(page.getByTestId('bar-store')).toHaveText(store);
  await expect(page.getByTestId('bar-page')).toHaveText('Inventory Management');
  await expect(page.getByText('Welcome, Inventory System')).toBeHidden();
  // The charts wait below the actions until the keeper scrolls to them.
  await page.getByText('Loading the dashboard...').scrollIntoViewIfNeeded();
  const firstChart = page.getByRole('heading', { level: 3 }).first();
  await expect(firstChart).toBeVisible();
  const lastAction = await page.getByRole('link', { name: /Needs attention/ }).boundingBox();
  expect(lastAction?.y ?? Number.POSITIVE_INFINITY).toBeLessThan((await firstChart.boundingBox())?.y ?? 0);
  await snap(page, 'keeper-hub-390');

  await page.getByRole('link', { name: 'Add Material' }).click();
  await expect(page.getByTestId('bar-page')).toHaveText('Add Material');
  await page.getByRole('textbox', { name: 'Material Name' }).fill(cement);
  await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('bag');
  await page.getByRole('textbox', { name: 'Category' }).fill('Binders');
  await page.getByRole('textbox', { name: 'Size' }).fill('50 kg');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('100');
  await snap(page, 'create-material-390');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('status')).toHaveText('Product saved successfully!');

  await page.goto('/dashboard/addtool');
  await page.getByRole('textbox', { name: 'Tool Name' }).fill(drill);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await page.getByRole('button', { name: 'Add Tool' }).click();
  await expect(page.getByRole('status')).toHaveText('Tool added successfully!');

  // A supplier delivery of 20 bags.
  await page.goto('/dashboard/supplymanagement');
  await expect(page.getByText('No supplies found.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Supply' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Supply' });
  await pick(page, 'Product', cement);
  await modal.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await modal.getByRole('textbox', { name: 'Supplier' }).fill('Lafarge');
  await modal.getByLabel('Date Received').fill(today);
  await modal.getByRole('button', { name: 'Add Supply' }).click();
  await expect(page.getByRole('row', { name: new RegExp(cement) })).toContainText('Lafarge');
  await snap(page, 'supplies-390');

  const steps: [string, string, string, string, Record<string, string>][] = [
    ['/dashboard/restockproduct', 'Restock Quantity', '10', 'Restock Material', { Available: '130', Purchases: '30' }],
    ['/dashboard/transferproduct', 'Transfer Quantity', '5', 'Transfer', { Available: '135', Transfers: '5' }],
    ['/dashboard/consumestock', 'Quantity', '40', 'Issued Stock', { Available: '95', Issued: '40' }],
    ['/dashboard/damagestock', 'Damage Quantity', '3', 'Damage Stock', { Available: '92', Damaged: '3' }],
  ];
  for (const [path, quantityLabel, quantity, button, expected] of steps) {
    await page.goto(path);
    await pick(page, 'Material', cement);
    await page.getByRole('textbox', { name: quantityLabel }).fill(quantity);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('status')).toBeVisible();
    for (const [label, value] of Object.entries(expected)) {
      await expect(await stockShown(page, label)).toHaveText(value);
    }
  }
  await snap(page, 'damage-material-390');

  // A return asks first, and cannot exceed what was issued.
  await page.goto('/dashboard/refundstock');
  await pick(page, 'Material', cement);
  await page.getByRole('textbox', { name: 'Return Quantity' }).fill('4');
  await page.getByRole('button', { name: 'Return Stock' }).click();
  await expect(page.getByText('Are you sure you want to refund this stock?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('status')).toHaveText('Stock returned successfully');
  await expect(await stockShown(page, 'Available')).toHaveText('96');
  await expect(await stockShown(page, 'Issued')).toHaveText('36');
  await expect(await stockShown(page, 'Returned')).toHaveText('4');

  // Tools: issue 2, damage 1 with a reason, return 1.
  await page.goto('/dashboard/consumetool');
  await pick(page, 'Tool', drill);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Issued Tool' }).click();
  await expect(await stockShown(page, 'Available')).toHaveText('3');
  await page.goto('/dashboard/damagetool');
  await pick(page, 'Tool', drill);
  await page.getByRole('textbox', { name: 'Damage Reason' }).fill('Chuck cracked');
  await page.getByRole('button', { name: 'Damage Stock' }).click();
  await expect(await stockShown(page, 'Damaged')).toHaveText('1');
  await page.goto('/dashboard/refundtool');
  await pick(page, 'Tool', drill);
  await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await page.getByRole('button', { name: 'Return Tool' }).click();
  await expect(page.getByRole('alert')).toHaveText('Refund quantity cannot exceed consumed quantity (2).');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByRole('button', { name: 'Return Tool' }).click();
  await expect(page.getByRole('status')).toHaveText('Tool returned successfully');
  await expect(await stockShown(page, 'Available')).toHaveText('3');

  // A remark, once.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/allproducts');
  const row = page.getByRole('row', { name: new RegExp(cement) });
  await row.getByRole('button', { name: `Add remark for ${cement}` }).click();
  await row.getByRole('textbox').fill('Two bags wet');
  await row.getByRole('button', { name: 'Save remark' }).click();
  await expect(row).toContainText('Two bags wet');
  await expect(row.getByRole('button', { name: `Add remark for ${cement}` })).toBeDisabled();
  await expect(row).toContainText('96');
  await snap(page, 'keeper-materials-1280');
  await page.goto('/dashboard/alltool');
  await expect(page.getByRole('row', { name: new RegExp(drill) })).toContainText('3');
});

test('the store user sees the resulting numbers', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/store-user-dashboard/);
  const row = page.getByRole('row', { name: new RegExp(cement) });
  // Available, Issued, Damaged, Return
  await expect(row.getByRole('cell')).toHaveText(
    ['', cement, 'Binders', 'N/A', '50 kg', 'bag', '96', '36', '3', '4'].map((text, i) => (i === 0 ? /\d{4}-\d{2}-\d{2}/ : text)),
  );
  await snap(page, 'store-user-materials-390');
  await page.getByRole('link', { name: 'Tools', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(drill) })).toContainText('3');
  await snap(page, 'store-user-tools-390');
});

test('the admin sees the same numbers in the material list, with the history behind them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/productlist');
  await page.getByPlaceholder('Search by product name').fill(cement.slice(0, 10));
  const row = page.getByRole('row', { name: new RegExp(cement) });
  const expected = [
    /\d{4}-\d{2}-\d{2}/,
    store,
    cement,
    'Binders',
    'N/A',
    '50 kg',
    'bag',
    '100',
    '30',
    '5',
    '96',
    '36',
    '3',
    '4',
    'Two bags wet',
    '',
  ];
  await expect(row.getByRole('cell')).toHaveText(expected);
  await snap(page, 'admin-materials-1280');
  await row.getByRole('button', { name: `History of ${cement}` }).click();
  const history = page.getByRole('dialog');
  // The header, then opening, delivery, purchase, transfer, issue, damage and return.
  await expect(history.getByRole('row')).toHaveCount(8);
  await expect(history).toContainText('Supplier delivery');
  await snap(page, 'admin-history-1280');
  await page.keyboard.press('Escape');

  for (const [path, name] of [
    ['/dashboard/inventory', 'inventory-hub'],
    ['/dashboard/alltools', 'admin-tools'],
    ['/dashboard/tracksupplies', 'track-supplies'],
    ['/dashboard/newinventory', 'new-inventory'],
    ['/dashboard/totalstock', 'total-stock'],
  ]) {
    await page.goto(path as string);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await snap(page, `${name}-1280`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/productlist');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'admin-materials-390');
});
