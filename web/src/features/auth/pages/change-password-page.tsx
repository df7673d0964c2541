import { Button, PasswordInput } from '@mantine/core';
import { ChangePasswordFormSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { NewPasswordInput } from '../../../lib/inputs';
import { Notice } from '../../../lib/notice';
import { getToken } from '../../../lib/session';
import { usePayloadCheck } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordPage() {
  const mutation = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const payload = usePayloadCheck(ChangePasswordFormSchema, ['currentPassword', 'newPassword', 'confirmPassword']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const data = payload.check({ currentPassword, newPassword, confirmPassword });
    if (!data) return;
    if (!getToken()) {
      setResult({ ok: false, text: t('password.noToken') });
      return;
    }
    try {
      const answer = await mutation.mutateAsync({ currentPassword: data.currentPassword, newPassword: data.newPassword });
      setResult({ ok: true, text: answer.message ? localMessage(answer.message) : t('users.passwordChanged') });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, t('password.failed')) });
    }
  }

  return (
    <PageCard title={t('common.changePassword')} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result ?? payload.summary} />
        <PasswordInput
          label={t('password.current')}
          error={payload.errorOf('currentPassword')}
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <NewPasswordInput
          error={payload.errorOf('newPassword')}
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('password.confirm')}
          error={payload.errorOf('confirmPassword')}
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <Button type="submit" loading={mutation.isPending}>
          {t('common.changePassword')}
        </Button>
      </FormStack>
    </PageCard>
  );
}
