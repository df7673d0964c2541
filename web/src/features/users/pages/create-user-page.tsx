import { Alert, Button, PasswordInput, Select, TextInput } from '@mantine/core';
import { ASSIGNABLE_ROLES, USER_EMAIL_TAKEN, UserCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { ApiError } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { Notice } from '../../../lib/notice';
import { getToken } from '../../../lib/session';
import { useStoreOptions } from '../../stores/api/stores';
import { useCreateUser } from '../api/users';

const EMPTY = { name: '', email: '', password: '', role: 'user', storeId: null as string | null };

export function CreateUserPage() {
  const stores = useStoreOptions();
  const createUser = useCreateUser();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!getToken()) {
      setResult({ ok: false, text: 'You must be logged in as an admin to create users.' });
      return;
    }
    const parsed = UserCreateRequestSchema.safeParse({
      name: form.name,
      email: form.email,
      password: form.password,
      role: form.role,
      stores: form.storeId ? [form.storeId] : [],
    });
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? 'Please check the form.' });
      return;
    }
    try {
      await createUser.mutateAsync(parsed.data);
      setResult({ ok: true, text: 'User Created Successfully' });
      setForm(EMPTY);
    } catch (error) {
      setResult({ ok: false, text: createUserErrorText(error) });
    }
  }

  return (
    <PageCard title="Create New User" narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        {stores.isError && (
          <Alert color="red" role="alert">
            Could not fetch stores. Please refresh the page.
          </Alert>
        )}
        <TextInput label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} required />
        <TextInput
          label="Email"
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
          required
        />
        <PasswordInput
          label="Password"
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
          autoComplete="new-password"
          required
        />
        <Select
          label="Select Role"
          data={ASSIGNABLE_ROLES.map((role) => ({ value: role.value, label: role.label }))}
          value={form.role}
          onChange={(value) => setForm({ ...form, role: value ?? 'user' })}
          allowDeselect={false}
        />
        <Select
          label="Assign Store"
          placeholder="Select a store"
          data={(stores.data ?? []).map((store) => ({ value: store._id, label: store.name }))}
          value={form.storeId}
          onChange={(value) => setForm({ ...form, storeId: value })}
          searchable
          nothingFoundMessage="No stores found"
          required
        />
        <Button type="submit" loading={createUser.isPending}>
          Add User
        </Button>
      </FormStack>
    </PageCard>
  );
}

function createUserErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred.';
  if (error.status === 409) return error.serverMessage ?? USER_EMAIL_TAKEN;
  return error.serverMessage ?? 'An error occurred while creating the user.';
}
