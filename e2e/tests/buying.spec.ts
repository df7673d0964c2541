import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, keptLists, searchAndPick, signIn, snap, unique } from './helpers';

test.describe.configure({ mode: 'serial' });

const keeper = { email: `buying.keeper.${Date.now()}@example.com`, password: 'buying-keeper-pass' };
const cement = unique('PO cement');
const sand = unique('PO sand');
let orderNumber = '';
let sandOrderNumber = '';
const supplierName = unique('Lafarge');
const storeName = unique('Buying Store');

test('set up: a store with its keeper, a supplier, and an order of 100 bags at 400.00 sent to it', async ({ request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: storeName, location: 'East gate' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Bea Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  const { product } = await apiPost(request, token, '/api/user/add-product', { name: cement, unit: 'bag', totalQuantity: 0 });
  const units = await request.put(`/api/materials/${product._id}/units`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { units: [{ name: 'pallet', factor: 40 }] },
  });
  expect(units.ok(), await units.text()).toBe(true);
  const { supplier } = await apiPost(request, admin, '/api/suppliers', { name: supplierName });
  const { purchaseOrder } = await apiPost(request, admin, '/api/purchase-orders', {
    supplierId: supplier._id,
    storeId: store._id,
    lines: [{ materialId: product._id, quantity: 100, unitCost: '400.00' }],
  });
  await apiPost(request, admin, `/api/purchase-orders/${purchaseOrder._id}/order`, {});
  orderNumber = purchaseOrder.number;
  const { product: sandProduct } = await apiPost(request, token, '/api/user/add-product', { name: sand, unit: 'ton', totalQuantity: 0 });
  const { purchaseOrder: sandOrder } = await apiPost(request, admin, '/api/purchase-orders', {
    supplierId: supplier._id,
    storeId: store._id,
    lines: [{ materialId: sandProduct._id, quantity: 12, unitCost: '35.00' }],
  });
  await apiPost(request, admin, `/api/purchase-orders/${sandOrder._id}/order`, {});
  sandOrderNumber = sandOrder.number;
});

test('a keeper receives the order on a phone: all arrived, 2 damaged, and the order is received', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.getByRole('link', { name: 'Purchase orders' }).click();
  const row = page.getByRole('listitem', { name: orderNumber });
  await expect(row).toContainText('Ordered');
  await expect(row).toContainText('100 to come');
  await snap(page, 'purchase-orders-390');

  await row.getByRole('link', { name: orderNumber }).click();
  const line = page.getByRole('group', { name: `Receive ${cement}` });
  await line.getByRole('checkbox', { name: 'All arrived' }).check();
  await line.getByRole('textbox', { name: 'Damaged' }).fill('2');
  await expect(line.getByRole('textbox', { name: 'Received' })).toHaveValue('98');
  await page.getByRole('textbox', { name: 'Delivery note' }).fill('DN-4471');
  await snap(page, 'po-receiving-390');
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goods received against the order.' })).toBeVisible();
  // The receipt waited on the phone only until the server answered it.
  await expect(page.getByText('waits on this phone')).toHaveCount(0);
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  const figures = page.getByRole('listitem', { name: cement });
  await expect(figures).toContainText('98');
  await expect(page.getByRole('button', { name: 'Record receipt' })).toHaveCount(0);
  await snap(page, 'po-received-390');
});

test('a keeper receives an order with no signal, and sees it received once the phone is back online', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.getByRole('link', { name: 'Purchase orders' }).click();
  await expect(page.getByRole('listitem', { name: sandOrderNumber })).toContainText('12 to come');
  // The phone keeps the open orders of its stores in the background.
  await expect.poll(() => keptLists(page), { timeout: 30_000 }).toContain('purchaseOrders');

  await context.setOffline(true);
  await page.getByRole('listitem', { name: sandOrderNumber }).getByRole('link', { name: sandOrderNumber }).click();
  await expect(page.getByRole('note')).toContainText('Offline: orders as of');
  const line = page.getByRole('group', { name: `Receive ${sand}` });
  await line.getByRole('checkbox', { name: 'All arrived' }).check();
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByText('Recorded on this phone. It will be sent as soon as there is signal.')).toBeVisible();
  await expect(page.getByText('1 receipt of this order waits on this phone to be sent.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sync status' })).toContainText('1 waiting to sync');
  await expect(page.getByRole('group', { name: `Receive ${sand}` })).toHaveCount(0);
  await snap(page, 'po-receiving-offline-390');

  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Sync status' })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('listitem', { name: sand })).toContainText('12');
  await page.getByRole('link', { name: '← Purchase orders' }).click();
  await expect(page.getByRole('listitem', { name: sandOrderNumber })).toContainText('Received');
  await snap(page, 'po-received-offline-390');
});

test('the office enters the invoice at a higher price, sees it does not match, and approves it with a reason', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/supplier-invoices');
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: supplierName }).click();
  await page.getByRole('textbox', { name: 'Invoice number' }).fill('INV-881');
  const line = page.getByRole('group', { name: `${cement} on ${orderNumber}` });
  await line.getByRole('checkbox').check();
  await expect(line.getByRole('textbox', { name: 'Quantity charged' })).toHaveValue('98');
  await line.getByRole('textbox', { name: /Unit cost/ }).fill('410');
  await expect(page.getByRole('textbox', { name: 'Total' })).toHaveValue('40180.00');
  await page.getByRole('button', { name: 'Save invoice' }).click();
  await expect(page.getByRole('status')).toHaveText('Invoice saved.');
  const invoice = page.getByRole('listitem', { name: 'INV-881' });
  await expect(invoice).toContainText('Does not match');
  await expect(invoice.getByRole('listitem', { name: cement })).toContainText('Price differs');
  await snap(page, 'invoice-match-1280');
  await invoice.getByRole('button', { name: 'Approve with a reason' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve INV-881' });
  await dialog.getByRole('textbox').fill('Price rise agreed by phone');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toHaveText('Invoice approved.');
});

test('at 390 px the office prices cement by the pallet, and a new order starts in pallets at that price', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/suppliers');
  await page.getByRole('button', { name: `Price list ${supplierName}` }).click();
  await searchAndPick(page, page.getByRole('combobox', { name: 'Material' }), cement.slice(0, 14), new RegExp(`^${cement}`));
  await page.getByRole('combobox', { name: 'Sold in' }).click();
  await page.getByRole('option', { name: 'pallet = 40 bag' }).click();
  await page.getByRole('textbox', { name: /Unit cost/ }).fill('16000');
  await page.getByRole('button', { name: 'Add or change price' }).click();
  const prices = page.getByRole('table', { name: `Price list of ${supplierName}` });
  await expect(prices.getByText('16000 / pallet')).toBeVisible();
  await expect(prices.getByText('pallet = 40 bag')).toBeVisible();
  await snap(page, 'price-per-pack-390');

  await page.goto('/dashboard/purchase-orders');
  await page.getByRole('button', { name: 'New order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New order' });
  await dialog.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: supplierName }).click();
  await dialog.getByRole('combobox', { name: /Store/ }).click();
  await page.getByRole('option', { name: storeName }).click();
  await searchAndPick(page, dialog.getByRole('combobox', { name: 'Material' }), cement.slice(0, 14), new RegExp(`^${cement}`));
  await expect(dialog.getByText('Price list: 16000 / pallet')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Unit', exact: true })).toHaveValue('pallet = 40 bag');
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(`2 pallet × ${cement} @ 16000`);
  await snap(page, 'order-in-packs-390');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: /^PO-/ })).toBeVisible();
  await expect(page.getByText('2 pallet = 80 bag · 16000 / pallet')).toBeVisible();
  await expect(page.getByText('$32,000.00')).toBeVisible();
  await snap(page, 'order-in-packs-page-390');
});
