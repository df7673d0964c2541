import { expect, test } from '@playwright/test';
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
