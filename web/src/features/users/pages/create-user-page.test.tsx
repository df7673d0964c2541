import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const STORE = {
  _id: '6f1c2b2e-58a7-4a47-9d7e-2a4b1b2f0c11',
  name: 'Riverside',
  storeName: 'Riverside',
  location: '',
  openingHours: '',
  isActive: true,
  status: 'Active',
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function fillForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Kim Keeper');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'kim@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'long-enough-pass');
  await user.click(screen.getByRole('combobox', { name: 'Assign Store' }));
  await user.click(await screen.findByRole('option', { name: 'Riverside' }));
  return user;
}

describe('CreateUserPage', () => {
  it('offers the roles "Store Keeper" and "User" and sends one store as a list', async () => {
    signInAs('admin');
    const calls = stubApi({
      'GET /api/stores': { body: [STORE] },
      'POST /api/auth/create-user': { status: 201, body: { message: 'User Created Successfully', user: {} } },
    });
    renderAt('/dashboard/createuser');
    const user = await fillForm();
    await user.click(screen.getByRole('combobox', { name: 'Select Role' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Store Keeper', 'User']);
    await user.click(within(listbox).getByRole('option', { name: 'User' }));
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User Created Successfully');
    expect(calls.find((call) => call.key === 'POST /api/auth/create-user')?.body).toEqual({
      name: 'Kim Keeper',
      email: 'kim@example.com',
      password: 'long-enough-pass',
      role: 'store-user',
      stores: [STORE._id],
    });
  });

  it('names every field that needs fixing at once, and sends nothing', async () => {
    signInAs('admin');
    const calls = stubApi({ 'GET /api/stores': { body: [STORE] } });
    renderAt('/dashboard/createuser');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInvalid();
    expect(calls.filter((call) => call.key === 'POST /api/auth/create-user')).toHaveLength(0);

    // Put right, the field's problem goes with the next check.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('shows the server message on 409, or the default text', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/stores': { body: [STORE] }, 'POST /api/auth/create-user': { status: 409, body: {} } });
    renderAt('/dashboard/createuser');
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists.');
  });

  it('checks the fields before sending', async () => {
    signInAs('admin');
    const calls = stubApi({ 'GET /api/stores': { body: [STORE] } });
    renderAt('/dashboard/createuser');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });

  it('says so when the stores cannot be fetched', async () => {
    signInAs('admin');
    stubApi({ 'GET /api/stores': { status: 500, body: {} } });
    renderAt('/dashboard/createuser');
    expect(await screen.findByText('Could not fetch stores. Please refresh the page.')).toBeInTheDocument();
  });
});
