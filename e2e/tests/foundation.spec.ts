import { expect, test } from '@playwright/test';
import { ADMIN, signIn, snap, unique } from './helpers';

const KEEPER_PASSWORD = 'keeper-password-1';

test.describe.configure({ mode: 'serial' });

const storeName = unique('Riverside Store');
const keeperEmail = `keeper.${Date.now()}@example.com`;
const storeUserEmail = `viewer.${Date.now()}@example.com`;

test('the login screen checks its fields and refuses a wrong password', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByText('See your growth and get support!')).toBeVisible();
  await expect(page.getByAltText(/site store/)).toBeVisible();
  await snap(page, 'login-1280');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in both email and password');

  await page.getByPlaceholder('Enter your Email').fill(ADMIN.email);
  await page.getByPlaceholder('Minimum 8 characters').fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/$/);

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByAltText(/site store/)).toBeHidden();
  await snap(page, 'login-390');
});

test('without a role every path leads to the login screen', async ({ page }) => {
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/some/where');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByPlaceholder('Enter your Email')).toBeVisible();
});

test('the admin creates a store, a store keeper and a store user', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Role' })).toBeVisible();
  for (const name of ['Create Users', 'All Users', 'Create New Store', 'Check Store Details']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await snap(page, 'admin-dashboard-1280');

  // Unknown paths with a role go to /dashboard and on to the role's hub.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.getByRole('link', { name: 'Create New Store' }).click();
  await expect(page).toHaveURL(/\/dashboard\/createstore$/);
  await page.getByLabel('Store Name').fill(storeName);
  await page.getByLabel('Store Address').fill('12 Dock Road');
  await page.getByLabel('Opening Hours').fill('07:00-17:00');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByRole('status')).toHaveText('Store created successfully!');
  await snap(page, 'create-store-1280');

  await page.goto('/dashboard/createstore');
  await page.getByLabel('Store Name').fill(`${storeName} spare`);
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByRole('status')).toHaveText('Store created successfully!');

  await page.goto('/dashboard/createuser');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Kim Keeper');
  await page.getByLabel('Email').fill(keeperEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(KEEPER_PASSWORD);
  await page.getByRole('combobox', { name: 'Select Role' }).click();
  await expect(page.getByRole('option', { name: 'Store Keeper' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'User', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Store Keeper' }).click();
  await page.getByRole('combobox', { name: 'Assign Store' }).click();
  await page.getByRole('option', { name: storeName, exact: true }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('status')).toHaveText('User Created Successfully');
  await snap(page, 'create-user-1280');

  // The same email again is refused, saying so.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Kim Again');
  await page.getByLabel('Email').fill(keeperEmail.toUpperCase());
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(KEEPER_PASSWORD);
  await page.getByRole('combobox', { name: 'Assign Store' }).click();
  await page.getByRole('option', { name: storeName, exact: true }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('alert')).toHaveText('A user with this email already exists.');

  await page.goto('/dashboard/createuser');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Uma Viewer');
  await page.getByLabel('Email').fill(storeUserEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(KEEPER_PASSWORD);
  await page.getByRole('combobox', { name: 'Select Role' }).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await page.getByRole('combobox', { name: 'Assign Store' }).click();
  await page.getByRole('option', { name: storeName, exact: true }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('status')).toHaveText('User Created Successfully');

  await page.goto('/dashboard/allusers');
  const keeperRow = page.getByRole('row', { name: new RegExp(keeperEmail) });
  await expect(keeperRow).toContainText(storeName);
  await page.getByPlaceholder('Search by name, email, or role...').fill('uma');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByPlaceholder('Search by name, email, or role...').fill('nobody-matches-this');
  await expect(page.getByText('No users found.')).toBeVisible();
  await page.getByPlaceholder('Search by name, email, or role...').fill('');
  await snap(page, 'all-users-1280');
});

test('the admin edits and deletes stores with confirmation', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/allstores');
  // The search goes to the server after a pause: the spare store (no location) leaves once it answers.
  await page.getByPlaceholder('Search by store name or location').fill('dock road');
  await expect(page.getByRole('row', { name: new RegExp(storeName) })).toHaveCount(1);
  await page.getByPlaceholder('Search by store name or location').fill(storeName);
  await snap(page, 'all-stores-1280');

  // The spare store has no address: saving it empty says so under the location.
  await page.getByRole('button', { name: `Edit ${storeName} spare` }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Please check the form.');
  await expect(page.getByRole('dialog').getByLabel('Location')).toHaveAccessibleDescription(
    'Store name, location, and status are required.',
  );
  await page.getByRole('dialog').getByLabel('Location').fill('Hill top');
  await page.getByRole('dialog').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${storeName} spare`) })).toContainText('Inactive');

  // A store with users cannot be deleted.
  await page.getByRole('button', { name: `Delete ${storeName}`, exact: true }).click();
  await expect(page.getByText('Are you sure you want to delete this store?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Mark it Inactive instead');

  await page.getByRole('button', { name: `Delete ${storeName} spare` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Store deleted successfully!');
  await expect(page.getByRole('row', { name: new RegExp(`${storeName} spare`) })).toHaveCount(0);
});

test('the admin changes a user password from the users list', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/allusers');
  await page.getByRole('button', { name: 'Change password of Uma Viewer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog').getByLabel('New Password')).toHaveAccessibleDescription('Please enter a new password.');
  await page.getByRole('dialog').getByLabel('New Password').fill('viewer-password-2');
  await page.getByRole('dialog').getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password changed successfully!');
});

test('a store keeper signs in, changes their password and logs out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, keeperEmail, KEEPER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/manager-dashboard$/);
  // The 13 buttons of the base hub, Import, Stock valuation, Job cost, Stock Count, Tools Out, Service, Low Stock, Expiring, Requests, Transfers, Purchase orders, Needs attention, Notifications, Sessions and the password link.
  await expect(page.getByRole('link')).toHaveCount(28);
  await expect(page.getByRole('link', { name: 'Transfer from Warehouse' })).toBeVisible();
  await snap(page, 'keeper-hub-1280');

  // Admin screens are not the keeper's: they lead back to the hub.
  await page.goto('/dashboard/allusers');
  await expect(page).toHaveURL(/\/dashboard\/manager-dashboard$/);

  await page.goto('/dashboard/changepassword');
  await page.getByLabel('Current Password').fill(KEEPER_PASSWORD);
  await page.getByLabel('New Password').fill('new-keeper-pass');
  await page.getByLabel('Confirm Password').fill('something-else');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  await page.getByLabel('Confirm Password').fill('new-keeper-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password changed successfully!');

  // Still signed in on this device with the fresh token.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager-dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByPlaceholder('Enter your Email')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Nothing of the person is left; the device's own choices (language, light or dark) stay.
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => !['language', 'mantine-color-scheme-value'].includes(key))),
  ).toEqual([]);

  await signIn(page, keeperEmail, 'new-keeper-pass');
  await expect(page).toHaveURL(/\/dashboard\/manager-dashboard$/);
});

test('a store user lands on their own dashboard', async ({ page }) => {
  await signIn(page, storeUserEmail, 'viewer-password-2');
  await expect(page).toHaveURL(/\/dashboard\/store-user-dashboard$/);
  await expect(page.getByRole('link', { name: 'Materials' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tools', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tools out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/store-user-dashboard$/);
});

test('under 768 px the admin sidebar shows icons only and opens with its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(sidebar.getByText('Store Management')).toBeHidden();
  await snap(page, 'admin-sidebar-600-collapsed');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar.getByText('Store Management')).toBeVisible();
  await snap(page, 'admin-sidebar-600-expanded');
  await sidebar.getByRole('link', { name: 'Store Management' }).click();
  await expect(page).toHaveURL(/\/dashboard\/storemanagement$/);
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');

  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/allusers');
  await snap(page, 'all-users-390');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('logging out of the admin area clears the session and lands on /', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByPlaceholder('Enter your Email')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/$/);
});
