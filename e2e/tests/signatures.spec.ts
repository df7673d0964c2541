import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost, signIn, snap, unique } from './helpers';

const keeper = { email: `sign.keeper.${Date.now()}@example.com`, password: 'sign-keeper-pass' };
const grinder = unique('Signed grinder');
const worker = unique('Bola Fixer');

/** Signs the pad with a finger: a few strokes across it. */
async function sign(page: Page, name: string) {
  const pad = page.getByRole('img', { name });
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on the screen');
  for (const [from, to] of [
    [0.1, 0.6],
    [0.35, 0.3],
    [0.6, 0.7],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * to);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * (from + 0.2), box.y + box.height * (1 - to), { steps: 8 });
    await page.mouse.up();
  }
}

test('where the store asks, a keeper at 390 px cannot hand a grinder over unsigned; signed, it is out and its PDF prints the signature', async ({
  page,
  request,
}) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const storeName = unique('Signing store');
  const { store } = await apiPost(request, admin, '/api/stores', { name: storeName, location: 'Quay 4' });
  const edited = await request.put(`/api/stores/update/${store._id}`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { name: storeName, location: 'Quay 4', isActive: true, signatureOnHandover: true },
  });
  expect(edited.ok()).toBe(true);
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Sade Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  await apiPost(request, token, '/api/user/add-tools', { name: grinder, totalQuantity: 3 });
  await apiPost(request, token, '/api/workers', { name: worker, trade: 'Fitter' });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, keeper.email, keeper.password);
  await page.goto('/dashboard/consumetool');
  await page.getByRole('combobox', { name: 'Tool' }).fill(grinder.slice(0, 12));
  await page.getByRole('option', { name: grinder }).click();
  await page.getByRole('combobox', { name: 'Issued to' }).click();
  await page.getByRole('option', { name: `${worker} (Fitter)` }).click();
  await expect(page.getByText('This store asks the worker to sign.')).toBeVisible();
  await page.getByRole('button', { name: 'Issued Tool' }).click();
  await expect(page.getByRole('alert')).toHaveText("The worker's signature is required.");

  await sign(page, `Signature of ${worker}`);
  await expect(page.getByText('Signed.')).toBeVisible();
  await snap(page, 'signature-pad-390');
  await page.getByRole('button', { name: 'Issued Tool' }).click();
  await expect(page.getByRole('status')).toHaveText(`Tool issued to ${worker}`);

  await page.goto('/dashboard/toolsout');
  const record = page.getByRole('listitem', { name: `1 × ${grinder} with ${worker}` });
  await expect(record.getByRole('img', { name: new RegExp(`^Signature of ${worker} at the hand-over`) })).toBeVisible();
  await snap(page, 'signature-on-record-390');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    record.getByRole('button', { name: `Custody record of ${grinder} with ${worker} (PDF)` }).click(),
  ]);
  mkdirSync('downloads', { recursive: true });
  const file = `downloads/${download.suggestedFilename()}`;
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^custody-.*\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain(`Signed by ${worker}`);
  expect(text).toContain('(hand-over)');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, 'screenshots/custody-pdf']);
});
