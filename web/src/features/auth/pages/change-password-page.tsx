import { Button, PasswordInput } from '@mantine/core';
import { ChangePasswordFormSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { ApiError } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { Notice } from '../../../lib/notice';
import { getToken } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordPage() {
  const mutation = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = ChangePasswordFormSchema.safeParse({ currentPassword, newPassword, confirmPassword });
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? 'Error changing password.' });
      return;
    }
    if (!getToken()) {
      setResult({ ok: false, text: 'Authentication token is missing. Please log in again.' });
      return;
    }
    try {
      const answer = await mutation.mutateAsync({ currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword });
      setResult({ ok: true, text: answer.message || 'Password changed successfully!' });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
    } catch (error) {
      setResult({ ok: false, text: (error instanceof ApiError && error.serverMessage) || 'Error changing password.' });
    }
  }

  return (
    <PageCard title="Change Password" narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        <PasswordInput
          label="Current Password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <PasswordInput
          label="New Password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm Password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <Button type="submit" loading={mutation.isPending}>
          Change Password
        </Button>
      </FormStack>
    </PageCard>
  );
}
