import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, signIn, snap, unique } from './helpers';

const keeper = { email: `sessions.keeper.${Date.now()}@example.com`, password: 'sessions-keeper-pass' };
const keeperName = unique('Sol Keeper');

test('a keeper sees both devices, signs the other out, and the admin sees who is signed in', async ({ browser, request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${admin}` };
  const { store } = await (
    await request.post('/api/stores', { headers, data: { name: unique('Sessions Store'), location: 'Gate 5' } })
  ).json();
  const created = await request.post('/api/auth/create-user', {
    headers,
    data: { name: keeperName, ...keeper, role: 'user', stores: [store._id] },
  });
  expect(created.ok()).toBe(true);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
  });
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const onPhone = await phone.newPage();
  const onLaptop = await laptop.newPage();
  await signIn(onLaptop, keeper.email, keeper.password);
  await signIn(onPhone, keeper.email, keeper.password);

  await onPhone.getByRole('link', { name: 'Your account' }).click();
  await onPhone.getByRole('link', { name: 'Sessions' }).click();
  await expect(onPhone.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  const rows = onPhone.getByRole('table', { name: 'Sessions' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(onPhone.getByRole('row', { name: /Chrome on Android.*This device/ })).toBeVisible();
  await snap(onPhone, 'sessions-390');

  await onPhone.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(onPhone.getByRole('status')).toContainText('Signed out 1 session.');
  await expect(rows).toHaveCount(2);
  // The laptop's next call is refused, and the app goes back to the sign-in screen.
  await onLaptop.goto('/dashboard/allproducts');
  await expect(onLaptop.getByRole('button', { name: 'Login' })).toBeVisible();

  const adminPage = await laptop.newPage();
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/dashboard/allusers');
  await adminPage.getByRole('button', { name: `Sessions of ${keeperName}` }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog.getByRole('row', { name: /Chrome on Android/ })).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await snap(adminPage, 'sessions-of-a-user-1280');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog.getByRole('status')).toContainText('Signed out 1 session.');
  await onPhone.reload();
  await expect(onPhone.getByRole('button', { name: 'Login' })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('a keeper turns on two-step sign-in from the Sessions page, and the next sign-in asks for a code', async ({ page, request }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${admin}` };
  const { store } = await (
    await request.post('/api/stores', { headers, data: { name: unique('Two-step Store'), location: 'Gate 6' } })
  ).json();
  const account = { email: `two.step.${Date.now()}@example.com`, password: 'two-step-keeper-pass' };
  await request.post('/api/auth/create-user', { headers, data: { name: 'Tia Keeper', ...account, role: 'user', stores: [store._id] } });

  await signIn(page, account.email, account.password);
  await page.goto('/dashboard/sessions');
  await page.getByRole('button', { name: 'Set up' }).click();
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByRole('alert').filter({ hasText: 'Key' }).locator('code').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'sessions-two-step-on-1280');

  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByPlaceholder('Enter your Email').fill(account.email);
  await page.getByPlaceholder('Minimum 8 characters').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
});
