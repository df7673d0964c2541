import { Button, Group, Modal, PasswordInput } from '@mantine/core';
import type { User } from '@stockyard/contract';
import { NEW_PASSWORD_REQUIRED, newPasswordSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useChangeUserPassword } from '../api/users';

export function ChangeUserPasswordDialog({ user, onClose, onChanged }: { user: User | null; onClose: () => void; onChanged: () => void }) {
  const changePassword = useChangeUserPassword();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (user) {
      setNewPassword('');
      setError(null);
    }
  }, [user]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const parsed = newPasswordSchema.safeParse(newPassword);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEW_PASSWORD_REQUIRED);
      return;
    }
    try {
      await changePassword.mutateAsync({ userId: user._id, newPassword: parsed.data });
      onChanged();
    } catch (caught) {
      setError(`Error: ${(caught as Error).message}`);
    }
  }

  return (
    <Modal opened={user !== null} onClose={onClose} title={`Change password${user ? ` for ${user.name}` : ''}`} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <PasswordInput
          label="New Password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          autoComplete="new-password"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={changePassword.isPending}>
            Change Password
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
