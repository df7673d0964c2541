import { Button, Group, Modal, PasswordInput } from '@mantine/core';
import { ChangeUserPasswordRequestSchema, type User } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { parsePayload } from '../../../lib/validation';
import { useChangeUserPassword } from '../api/users';

export function ChangeUserPasswordDialog({ user, onClose, onChanged }: { user: User | null; onClose: () => void; onChanged: () => void }) {
  const changePassword = useChangeUserPassword();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (user) {
      setNewPassword('');
      setError(null);
    }
  }, [user]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const parsed = parsePayload(ChangeUserPasswordRequestSchema, { userId: user._id, newPassword });
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    try {
      await changePassword.mutateAsync(parsed.data);
      onChanged();
    } catch (caught) {
      setError(t('common.error', { message: messageOf(caught, (caught as Error).message) }));
    }
  }

  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('users.changePasswordFor', { name: user.name }) : t('users.changePassword')}
      centered
    >
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <PasswordInput
          label={t('users.newPassword')}
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          autoComplete="new-password"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={changePassword.isPending}>
            {t('common.changePassword')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
