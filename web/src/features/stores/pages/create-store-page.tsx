import { Button, Select, TextInput } from '@mantine/core';
import { STORE_STATUSES, StoreCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { Notice } from '../../../lib/notice';
import { usePayloadCheck } from '../../../lib/validation';
import { useCreateStore } from '../api/stores';

const EMPTY = { name: '', location: '', openingHours: '', status: 'Active' as (typeof STORE_STATUSES)[number] };

export function CreateStorePage() {
  const createStore = useCreateStore();
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const payload = usePayloadCheck(StoreCreateRequestSchema, ['name', 'location', 'openingHours', 'status']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const data = payload.check(form);
    if (!data) return;
    try {
      const answer = await createStore.mutateAsync(data);
      setResult({ ok: true, text: answer.message ? localMessage(answer.message) : t('stores.created') });
      setForm(EMPTY);
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, t('stores.createFailed')) });
    }
  }

  return (
    <PageCard title={t('stores.create')} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result ?? payload.summary} />
        <TextInput
          label={t('stores.name')}
          error={payload.errorOf('name')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          required
        />
        <TextInput
          label={t('stores.address')}
          error={payload.errorOf('location')}
          value={form.location}
          onChange={(e) => setForm({ ...form, location: e.currentTarget.value })}
        />
        <TextInput
          label={t('stores.openingHours')}
          error={payload.errorOf('openingHours')}
          value={form.openingHours}
          onChange={(e) => setForm({ ...form, openingHours: e.currentTarget.value })}
        />
        <Select
          label={t('stores.status')}
          error={payload.errorOf('status')}
          data={STORE_STATUSES.map((status) => ({ value: status, label: t(`stores.statuses.${status}`) }))}
          value={form.status}
          onChange={(value) => setForm({ ...form, status: (value as typeof form.status) ?? 'Active' })}
          allowDeselect={false}
        />
        <Button type="submit" loading={createStore.isPending}>
          {t('stores.create')}
        </Button>
      </FormStack>
    </PageCard>
  );
}
