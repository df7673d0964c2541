import type { Tool } from '@stockyard/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drill } from '../../../test/fixtures';
import { keepOnPhone } from '../../../test/kept-lists';
import { holdApi, renderAt, signInAs, stubApi } from '../../../test/render';

const USER_ID = '7f1c2b3a-0000-4000-8000-000000000002';
/** A token whose claims name the keeper, as the server's do; its signature is never read here. */
const keeperToken = `h.${btoa(JSON.stringify({ sub: USER_ID, stores: ['s'] })).replace(/=+$/, '')}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page of the tool list as the server answers it. */
const page = (tools: Tool[]): { tools: Tool[] } => ({ tools });

describe("the keeper's tool list", () => {
  it('shows a loading row, then each tool with what is available, issued and lost', async () => {
    signInAs('user');
    const held = holdApi('/api/tools/view-tools');
    renderAt('/dashboard/alltool');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    held.answer(page([drill]));
    const row = await screen.findByRole('row', { name: /Drill/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Drill', '3', '2', '1']));
  });

  it('says when the store has no tools, and when they could not be fetched', async () => {
    signInAs('user');
    stubApi({ 'GET /api/tools/view-tools': { body: page([]) } });
    const view = renderAt('/dashboard/alltool');
    expect(await screen.findByText('No tools found')).toBeInTheDocument();
    view.unmount();
    stubApi({ 'GET /api/tools/view-tools': { status: 503, body: { message: 'The database is busy. Try again in a moment.' } } });
    renderAt('/dashboard/alltool');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy. Try again in a moment.');
  });

  it('with no signal, shows the tools kept on the phone and when they were fetched', async () => {
    signInAs('user', keeperToken);
    await keepOnPhone('tools', USER_ID, [drill]);
    stubApi({ 'GET /api/tools/view-tools': { connectionLost: true } });
    renderAt('/dashboard/alltool');
    expect(await screen.findByRole('note')).toHaveTextContent(/^Offline: stock as of/);
    expect(await screen.findByRole('row', { name: /Drill/ })).toBeInTheDocument();
  });
});

describe('Tool Entry', () => {
  it('says what is wrong under the field, and sends nothing', async () => {
    signInAs('user');
    const calls = stubApi({});
    renderAt('/dashboard/addtool');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(screen.getByRole('textbox', { name: /Tool Name/ })).toHaveAccessibleDescription(/required/);
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });

  it("adds a keeper's tool to their store, once, under one key", async () => {
    signInAs('user');
    const calls = stubApi({ 'POST /api/user/add-tools': { status: 201, body: { message: 'Tool added', tool: drill } } });
    renderAt('/dashboard/addtool');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Tool Name/ }), 'Drill');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!');
    const sent = calls.filter((call) => call.key === 'POST /api/user/add-tools');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'Drill', totalQuantity: 3, tracking: 'count' });
    expect(sent[0]?.headers['Idempotency-Key']).toMatch(/\S/);
  });

  it('makes an admin choose the store', async () => {
    signInAs('admin');
    const calls = stubApi({ 'GET /api/stores': { body: [] } });
    renderAt('/dashboard/addtools');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Tool Name/ }), 'Drill');
    await user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a store.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });
});

describe('Issued Tool of a serial tool', () => {
  it('asks for as many units as the quantity, then sends the units chosen', async () => {
    signInAs('user');
    const breaker: Tool = { ...drill, _id: '0d6f8a1e-4b8e-4c55-9d3e-1a2b3c4d5e71', name: 'Breaker', tracking: 'serial' };
    const unit = (serial: string, state: string, index: number) => ({
      _id: `3c1f0000-0000-4000-8000-00000000000${index}`,
      toolId: breaker._id,
      toolName: 'Breaker',
      store: { _id: 's', name: 'Store' },
      serial,
      assetTag: null,
      state,
      code: `U-${index}`,
      holder: null,
      plans: [],
      retiredReason: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const calls = stubApi({
      'GET /api/user/get-tools': { body: [breaker] },
      [`GET /api/tools/${breaker._id}/units`]: {
        body: { units: [unit('BR-1', 'available', 1), unit('BR-2', 'issued', 2)], planIds: [], requiresQualification: null },
      },
      'POST /api/user/add-consumed-tool': { body: { message: 'Tool issued', tool: { ...breaker, availableQuantity: 1 } } },
    });
    renderAt('/dashboard/consumetool');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Tool' }));
    await user.click(await screen.findByRole('option', { name: 'Breaker' }));
    await user.click(screen.getByRole('button', { name: 'Issued Tool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose as many units as the quantity.');
    // Only the unit in the store can be issued.
    await user.click(screen.getByRole('combobox', { name: 'Units' }));
    expect(screen.queryByRole('option', { name: 'BR-2' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'BR-1' }));
    await user.click(screen.getByRole('button', { name: 'Issued Tool' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool issued');
    expect(calls.find((call) => call.key === 'POST /api/user/add-consumed-tool')?.body).toEqual({
      toolId: breaker._id,
      quantity: 1,
      unitIds: ['3c1f0000-0000-4000-8000-000000000001'],
    });
  });
});
