import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const erp = {
  _id: '0a4f1e0c-6a39-4f47-9d0e-5d4c0b1a2b3c',
  url: 'https://erp.example.com/stockyard',
  events: ['movement.created', 'stock.low'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  pending: 1,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const retried = {
  _id: 'd1',
  eventId: 'e1',
  type: 'movement.created',
  occurredAt: '2026-11-28T09:15:00.000Z',
  status: 'delivered',
  attempts: 4,
  nextAttemptAt: null,
  deliveredAt: '2026-11-28T09:16:10.000Z',
  tries: [500, 500, 500, 200].map((statusCode, n) => ({
    at: `2026-11-28T09:1${5 + n}:00.000Z`,
    statusCode,
    answer: statusCode === 200 ? 'ok' : 'try again later',
    error: null,
    durationMs: 12,
  })),
};
const unreachable = {
  ...retried,
  _id: 'd2',
  eventId: 'e2',
  type: 'stock.low',
  status: 'pending',
  attempts: 1,
  nextAttemptAt: '2026-11-28T09:20:00.000Z',
  deliveredAt: null,
  tries: [{ at: '2026-11-28T09:19:50.000Z', statusCode: null, answer: null, error: 'connect ECONNREFUSED', durationMs: 3 }],
};

describe('the webhooks screen', () => {
  it('adds a webhook with the events ticked, under an idempotency key, and shows its secret once', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/webhooks': { body: { webhooks: [] } },
      'POST /api/webhooks': {
        status: 201,
        body: { message: 'Webhook created. Copy its secret now: it is not shown again.', webhook: erp, secret: 'whsec_abc123' },
      },
    });
    renderAt('/dashboard/webhooks');
    const user = userEvent.setup();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Receiver URL' }), 'https://erp.example.com/stockyard');
    await user.click(screen.getByRole('checkbox', { name: 'Movement reversed' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stock low' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Webhook created. Copy its secret now: it is not shown again.');
    expect(screen.getByText('whsec_abc123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/webhooks');
    expect(post?.body).toEqual({ url: 'https://erp.example.com/stockyard', events: ['movement.created', 'stock.low'] });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("lists a webhook's deliveries with every try, and sends one again", async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/webhooks': { body: { webhooks: [erp] } },
      [`GET /api/webhooks/${erp._id}/deliveries`]: { body: { deliveries: [unreachable, retried], total: 2 } },
      [`POST /api/webhooks/${erp._id}/deliveries/d1/replay`]: { body: { message: 'The event will be sent again, with the same id.' } },
    });
    renderAt('/dashboard/webhooks');
    const user = userEvent.setup();
    expect(await screen.findByText('Movement recorded · Stock low')).toBeInTheDocument();
    expect(screen.getByText('1 to send')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Deliveries ${erp.url}` }));
    const table = await screen.findByRole('table', { name: `Deliveries to ${erp.url}` });
    expect(await within(table).findByText('4 tries: 500, 500, 500, 200')).toBeInTheDocument();
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
    expect(within(table).getByText('1 try: no answer')).toBeInTheDocument();
    expect(within(table).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(within(table).getByText('Waiting')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Send again Movement recorded/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('The event will be sent again, with the same id.');
    expect(calls.some((call) => call.key === `POST /api/webhooks/${erp._id}/deliveries/d1/replay`)).toBe(true);
  });

  it('switches a webhook off and deletes it only after asking', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/webhooks': { body: { webhooks: [erp] } },
      [`PUT /api/webhooks/${erp._id}`]: { body: { message: 'Webhook saved.', webhook: { ...erp, enabled: false } } },
      [`DELETE /api/webhooks/${erp._id}`]: { body: { message: 'Webhook deleted.' } },
    });
    renderAt('/dashboard/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Switch off' }));
    expect(calls.find((call) => call.key === `PUT /api/webhooks/${erp._id}`)?.body).toEqual({ enabled: false });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Delete the webhook to ${erp.url}? Its deliveries go with it.`)).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /api/webhooks/${erp._id}`)).toBe(false);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook deleted.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `DELETE /api/webhooks/${erp._id}`)).toBe(true);
  });
});
