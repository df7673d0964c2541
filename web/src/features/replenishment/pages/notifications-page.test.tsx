import type { Notification, NotificationListResponse } from '@stockyard/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLanguage('en');
});

const store = { _id: '5e0c0c0c-0000-4000-8000-000000000001', name: 'Riverside' };

const lowStock: Notification = {
  _id: '0b0c0c0c-0000-4000-8000-000000000001',
  kind: 'low_stock',
  code: 'lowStock',
  params: ['Cement', 'Riverside', 1500, 'bag', 2000],
  text: 'Cement is low in Riverside: 1,500 bag left, minimum 2,000.',
  store,
  materialId: 'b1c2a9e0-0000-4000-8000-000000000001',
  createdAt: '2026-11-20T08:00:00.000Z',
  read: false,
};

/** A notification made before notices had codes: only its English text. */
const older: Notification = {
  ...lowStock,
  _id: '0b0c0c0c-0000-4000-8000-000000000002',
  code: null,
  params: [],
  text: 'Sand is low in Riverside: 3 m3 left, minimum 5.',
  read: true,
};

const list = (notifications: Notification[]): NotificationListResponse => ({
  notifications,
  unread: notifications.filter((row) => !row.read).length,
});

describe('notifications', () => {
  it("says each notice in the app's language, and an older one as it was written", async () => {
    await chooseLanguage('es');
    signInAs('user');
    stubApi({ 'GET /api/notifications': { body: list([lowStock, older]) } });
    renderAt('/dashboard/notifications');
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Cement está bajo mínimo en Riverside: quedan 1500 bag, mínimo 2000.');
    expect(rows[1]).toHaveTextContent('Sand is low in Riverside: 3 m3 left, minimum 5.');
  });

  it('marks one read, then all', async () => {
    signInAs('user');
    const calls = stubApi({
      'GET /api/notifications': { body: list([lowStock, { ...lowStock, _id: '0b0c0c0c-0000-4000-8000-000000000003' }]) },
      [`POST /api/notifications/${lowStock._id}/read`]: { body: { message: 'ok' } },
      'POST /api/notifications/read-all': { body: { message: 'ok' } },
    });
    renderAt('/dashboard/notifications');
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Cement is low in Riverside: 1,500 bag left, minimum 2,000.');
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Cement is low/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(calls.map((call) => call.key)).toEqual(
      expect.arrayContaining([`POST /api/notifications/${lowStock._id}/read`, 'POST /api/notifications/read-all']),
    );
  });

  it('says when there are none, and when they could not be read', async () => {
    signInAs('user');
    stubApi({ 'GET /api/notifications': { body: list([]) } });
    const view = renderAt('/dashboard/notifications');
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    view.unmount();
    stubApi({ 'GET /api/notifications': { status: 500, body: { message: 'Database unavailable' } } });
    renderAt('/dashboard/notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
