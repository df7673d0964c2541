import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs, stubApi } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

async function submit(newPassword: string, confirmPassword: string, currentPassword = 'the-old-password') {
  const user = userEvent.setup();
  if (currentPassword) await user.type(await screen.findByLabelText('Current Password'), currentPassword);
  if (newPassword) await user.type(await screen.findByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordPage', () => {
  it('asks for the current password and sends nothing without it', async () => {
    signInAs('user');
    const calls = stubApi({});
    renderAt('/dashboard/changepassword');
    await submit('brand-new-pass', 'brand-new-pass', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Please enter your current password.');
    expect(calls).toHaveLength(0);
  });

  it('says "Passwords do not match" and sends nothing', async () => {
    signInAs('user');
    const calls = stubApi({});
    renderAt('/dashboard/changepassword');
    await submit('first-password', 'second-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it('keeps working on this device with the token the server returns', async () => {
    signInAs('user', 'old-token');
    const calls = stubApi({
      'POST /api/auth/change-password': { body: { message: 'Password changed successfully!', token: 'new-token' } },
    });
    renderAt('/dashboard/changepassword');
    await submit('brand-new-pass', 'brand-new-pass');
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully!');
    expect(calls[0]?.body).toEqual({ currentPassword: 'the-old-password', newPassword: 'brand-new-pass' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer old-token');
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it("shows the server's message, or a fallback, when the change fails", async () => {
    signInAs('user');
    stubApi({ 'POST /api/auth/change-password': { status: 400, body: { message: 'Password must be at most 256 characters' } } });
    renderAt('/dashboard/changepassword');
    await submit('brand-new-pass', 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at most 256 characters');
  });
});
