import { Button, Select, TextInput } from '@mantine/core';
import { STORE_STATUSES, StoreCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { PageCard } from '../../../app/layouts/page-card';
import { ApiError } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { Notice } from '../../../lib/notice';
import { useCreateStore } from '../api/stores';

const EMPTY = { name: '', location: '', openingHours: '', status: 'Active' as (typeof STORE_STATUSES)[number] };

export function CreateStorePage() {
  const createStore = useCreateStore();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = StoreCreateRequestSchema.safeParse(form);
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? 'Please check the form.' });
      return;
    }
    try {
      const answer = await createStore.mutateAsync(parsed.data);
      setResult({ ok: true, text: answer.message || 'Store created successfully!' });
      setForm(EMPTY);
    } catch (error) {
      setResult({
        ok: false,
        text: (error instanceof ApiError && error.serverMessage) || 'An error occurred while creating the store. Please try again.',
      });
    }
  }

  return (
    <PageCard title="Create Store" narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        <TextInput label="Store Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} required />
        <TextInput label="Store Address" value={form.location} onChange={(e) => setForm({ ...form, location: e.currentTarget.value })} />
        <TextInput
          label="Opening Hours"
          value={form.openingHours}
          onChange={(e) => setForm({ ...form, openingHours: e.currentTarget.value })}
        />
        <Select
          label="Status"
          data={[...STORE_STATUSES]}
          value={form.status}
          onChange={(value) => setForm({ ...form, status: (value as typeof form.status) ?? 'Active' })}
          allowDeselect={false}
        />
        <Button type="submit" loading={createStore.isPending}>
          Create Store
        </Button>
      </FormStack>
    </PageCard>
  );
}
