import { expect, test } from '@playwright/test';
import { filmOfLabel, PHONE_WITH_CAMERA, phoneWithCamera } from './camera';
import { ADMIN, apiPost, signIn, snap, unique } from './helpers';

const keeper = { email: `service.keeper.${Date.now()}@example.com`, password: 'service-keeper-pass' };

test('at 390 px a keeper scans a unit held back for service, records a passed service and hands it over', async ({ request, baseURL }) => {
  const { token: admin } = await (await request.post('/auth/login', { data: ADMIN })).json();
  const { store } = await apiPost(request, admin, '/api/stores', { name: unique('Service store'), location: 'Gate 2' });
  await apiPost(request, admin, '/api/auth/create-user', { name: 'Sia Keeper', ...keeper, role: 'user', stores: [store._id] });
  const { token } = await (await request.post('/auth/login', { data: keeper })).json();
  const breakerName = unique('Breaker');
  const { tool } = await apiPost(request, token, '/api/user/add-tools', { name: breakerName, totalQuantity: 0, tracking: 'serial' });
  const { unit } = await apiPost(request, token, `/api/tools/${tool._id}/units`, { serial: 'BR-0042' });
  await apiPost(request, token, `/api/tools/${tool._id}/units`, { serial: 'BR-0043' });
  const { plan } = await apiPost(request, admin, '/api/service-plans', {
    name: unique('Electrical test'),
    intervalDays: 30,
    checklist: ['Cable and plug', 'Guard fitted'],
  });
  const planned = await request.put(`/api/tools/${tool._id}/service-plans`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { planIds: [plan._id] },
  });
  expect(planned.ok()).toBe(true);
  // Last serviced 31 days ago: a day overdue on a 30-day plan.
  await apiPost(request, token, `/api/tool-units/${unit._id}/services`, {
    planId: plan._id,
    result: 'passed',
    performedAt: new Date(Date.now() - 31 * 86_400_000).toISOString(),
  });
  const { worker } = await apiPost(request, token, '/api/workers', { name: unique('Ravi'), trade: 'Electrician' });

  const browser = await phoneWithCamera(await filmOfLabel(unit.code));
  try {
    const page = await (await browser.newContext({ baseURL, ...PHONE_WITH_CAMERA })).newPage();
    await signIn(page, keeper.email, keeper.password);
    await page.getByRole('link', { name: 'Service' }).click();
    await expect(page.getByRole('heading', { name: 'Service' })).toBeVisible();
    await expect(page.getByRole('link', { name: `${breakerName} BR-0042` })).toBeVisible();
    await expect(page.getByText(/Overdue since/)).toBeVisible();
    await snap(page, 'service-screen-390');

    await page.getByRole('button', { name: 'Scan unit label' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tool-units/${unit._id}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: `${breakerName} BR-0042` })).toBeVisible();

    // Held back: the hand-over is refused with the plan and the day it fell due.
    await page.getByRole('button', { name: 'Hand over' }).click();
    const handOver = page.getByRole('dialog');
    await handOver.getByRole('combobox', { name: 'Issued to' }).click();
    await page.getByRole('option', { name: new RegExp(worker.name) }).click();
    await handOver.getByRole('button', { name: 'Hand over' }).click();
    await expect(handOver.getByText(`Unit BR-0042 needs its ${plan.name} service`, { exact: false })).toBeVisible();
    await handOver.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Record service' }).click();
    const service = page.getByRole('dialog');
    await service.getByRole('checkbox', { name: 'Cable and plug' }).check();
    await service.getByRole('checkbox', { name: 'Guard fitted' }).check();
    await service.getByRole('button', { name: 'Record service' }).click();
    await expect(page.getByText('Service recorded')).toBeVisible();
    await expect(page.getByText(/Due /).first()).toBeVisible();

    await page.getByRole('button', { name: 'Hand over' }).click();
    const again = page.getByRole('dialog');
    await again.getByRole('combobox', { name: 'Issued to' }).click();
    await page.getByRole('option', { name: new RegExp(worker.name) }).click();
    await again.getByRole('button', { name: 'Hand over' }).click();
    await expect(page.getByText(`Tool issued to ${worker.name}`)).toBeVisible();
    await expect(page.getByText('With a worker')).toBeVisible();
    await expect(page.getByRole('link', { name: worker.name })).toBeVisible();
    await snap(page, 'unit-page-390');

    // The API agrees: one unit out with the worker, the other in the store.
    const units = await (await request.get(`/api/tools/${tool._id}/units`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(units.units.map((one: { serial: string; state: string }) => [one.serial, one.state])).toEqual([
      ['BR-0042', 'custody'],
      ['BR-0043', 'available'],
    ]);
  } finally {
    await browser.close();
  }
});
