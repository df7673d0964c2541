import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { snap } from './helpers';

// The seeded server's admin (bench seed), on a server where admins need two-step sign-in.
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password' };

async function passwordStep(page: import('@playwright/test').Page) {
  await page.goto('/');
  await page.getByPlaceholder('Enter your Email').fill(ADMIN.email);
  await page.getByPlaceholder('Minimum 8 characters').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an admin sets up two-step sign-in at the first sign-in, then signs in with a recovery code when the phone is not at hand', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByRole('alert').filter({ hasText: 'Key' }).locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await snap(page, 'mfa-setup-390');
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.locator('[aria-label="Recovery codes"] code').allTextContents();
  expect(codes).toHaveLength(10);
  await snap(page, 'mfa-recovery-codes-390');
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.evaluate(() => localStorage.clear());
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // The code just used at set-up is refused; a recovery code works once.
  await page.getByLabel('Code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto('/dashboard/sessions');
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();
});
