import { ChangeUserPasswordRequestSchema, type User } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { NewPasswordInput } from '../../../lib/inputs';
import { usePayloadCheck } from '../../../lib/validation';
import { useChangeUserPassword } from '../api/users';

export function ChangeUserPasswordDialog({ user, onClose, onChanged }: { user: User | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={user}
      keyOf={(subject) => subject._id}
      title={(subject) => t('users.changePasswordFor', { name: subject.name })}
      onClose={onClose}
    >
      {(subject) => <PasswordForm user={subject} onClose={onClose} onChanged={onChanged} />}
    </DialogFor>
  );
}

function PasswordForm({ user, onClose, onChanged }: { user: User; onClose: () => void; onChanged: () => void }) {
  const changePassword = useChangeUserPassword();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(ChangeUserPasswordRequestSchema, ['newPassword']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const data = payload.check({ userId: user._id, newPassword });
    if (!data) return;
    try {
      await changePassword.mutateAsync(data);
      onChanged();
    } catch (caught) {
      setError(t('common.error', { message: messageOf(caught, (caught as Error).message) }));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <NewPasswordInput
        error={payload.errorOf('newPassword')}
        value={newPassword}
        onChange={(e) => setNewPassword(e.currentTarget.value)}
        data-autofocus
      />
      <DialogButtons onCancel={onClose} action={t('common.changePassword')} isBusy={changePassword.isPending} />
    </FormStack>
  );
}
