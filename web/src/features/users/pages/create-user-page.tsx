import { Alert, Button, PasswordInput, Select, TextInput } from '@mantine/core';
import { ASSIGNABLE_ROLES, USER_EMAIL_TAKEN, UserCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { i18n } from '../../../i18n/i18n';
import { localMessage } from '../../../i18n/local-message';
import { ApiError, messageOf } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { Notice } from '../../../lib/notice';
import { getToken } from '../../../lib/session';
import { usePayloadCheck } from '../../../lib/validation';
import { useStoreOptions } from '../../stores';
import { useCreateUser } from '../api/users';

const EMPTY = { name: '', email: '', password: '', role: 'user', storeId: null as string | null };

export function CreateUserPage() {
  const stores = useStoreOptions();
  const createUser = useCreateUser();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const payload = usePayloadCheck(UserCreateRequestSchema, ['name', 'email', 'password', 'role', 'stores']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!getToken()) {
      setResult({ ok: false, text: t('users.mustBeAdmin') });
      return;
    }
    const data = payload.check({
      name: form.name,
      email: form.email,
      password: form.password,
      role: form.role,
      stores: form.storeId ? [form.storeId] : [],
    });
    if (!data) return;
    try {
      await createUser.mutateAsync(data);
      setResult({ ok: true, text: t('users.created') });
      setForm(EMPTY);
    } catch (error) {
      setResult({ ok: false, text: createUserErrorText(error) });
    }
  }

  return (
    <PageCard title={t('users.createTitle')} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result ?? payload.summary} />
        {stores.isError && (
          <Alert color="red" role="alert">
            {t('stores.fetchFailed')}
          </Alert>
        )}
        <TextInput
          label={t('users.name')}
          error={payload.errorOf('name')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          required
        />
        <TextInput
          label={t('users.email')}
          error={payload.errorOf('email')}
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
          required
        />
        <PasswordInput
          label={t('users.password')}
          error={payload.errorOf('password')}
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
          autoComplete="new-password"
          required
        />
        <Select
          label={t('users.selectRole')}
          error={payload.errorOf('role')}
          data={ASSIGNABLE_ROLES.map((role) => ({ value: role.value, label: t(`users.roles.${role.value}`) }))}
          value={form.role}
          onChange={(value) => setForm({ ...form, role: value ?? 'user' })}
          allowDeselect={false}
        />
        <Select
          label={t('users.assignStore')}
          error={payload.errorOf('stores')}
          placeholder={t('stores.select')}
          data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
          value={form.storeId}
          onChange={(value) => setForm({ ...form, storeId: value })}
          searchable
          nothingFoundMessage={t('stores.none')}
          required
        />
        <Button type="submit" loading={createUser.isPending}>
          {t('users.add')}
        </Button>
      </FormStack>
    </PageCard>
  );
}

function createUserErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('common.unexpected');
  if (error.status === 409 && !error.serverMessage) return localMessage(USER_EMAIL_TAKEN);
  return messageOf(error, i18n.t('users.createFailed'));
}
