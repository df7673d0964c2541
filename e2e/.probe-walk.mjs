import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = 'http://127.0.0.1:3330';
const post = async (token, url, data, method = 'POST') => {
  const r = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(url + ' ' + JSON.stringify(j));
  return j;
};
const { token: admin } = await post(null, '/auth/login', { email: 'admin@example.com', password: 'walkthrough-pass-1' });
const { store } = await post(admin, '/api/stores', { name: 'Riverside Site', location: 'Dock road', openingHours: '07:00-17:00' });
await post(admin, '/api/auth/create-user', {
  name: 'Pat Keeper',
  email: 'pat@example.com',
  password: 'keeper-pass-1',
  role: 'user',
  stores: [store._id],
});
const { token } = await post(null, '/auth/login', { email: 'pat@example.com', password: 'keeper-pass-1' });
for (const [name, unit, q] of [
  ['Cement OPC 53', 'bag', 120],
  ['River sand', 'm3', 14],
  ['TMT bar 12 mm', 'piece', 400],
  ['सीमेंट', 'bag', 5],
])
  await post(token, '/api/user/add-product', { name, unit, totalQuantity: q });
const { count } = await post(token, '/api/counts', { itemKind: 'material' });
const pdf = await fetch(`${base}/api/counts/${count._id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
writeFileSync('/tmp/probe/count-sheet.pdf', Buffer.from(await pdf.arrayBuffer()));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(base + '/');
await page.getByPlaceholder('Enter your Email').fill('admin@example.com');
await page.getByPlaceholder('Minimum 8 characters').fill('walkthrough-pass-1');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/dashboard/);
await page.goto(base + '/dashboard/allstores');
await page.getByRole('button', { name: 'Edit Riverside Site' }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/probe/store-dialog-390.png', fullPage: true });
await browser.close();
console.log('ok');
