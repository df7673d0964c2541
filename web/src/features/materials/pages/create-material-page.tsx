import { Button, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { MaterialCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { ApiError } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice } from '../../../lib/notice';
import { getToken } from '../../../lib/session';
import { useRole } from '../../../lib/use-session';
import { parsePayload } from '../../../lib/validation';
import { StoreSelect } from '../../stores/components/store-select';
import { useCreateMaterial } from '../api/materials';

const EMPTY = {
  name: '',
  unit: '',
  categoryname: '',
  materialname: '',
  quantity: 0 as number | string,
  size: '',
  storeId: null as string | null,
};

/** Create Material: a keeper's goes to their store; an admin picks the store. */
export function CreateMaterialPage() {
  const navigate = useNavigate();
  const isAdmin = useRole() === 'admin';
  const create = useCreateMaterial();
  const intent = useIdempotencyKey();
  const [form, setFormState] = useState(EMPTY);
  const setForm = intent.tracking(setFormState);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!getToken()) {
      setResult({ ok: false, text: 'User not authenticated. Please login.' });
      await navigate('/login');
      return;
    }
    const parsed = parsePayload(MaterialCreateRequestSchema, {
      name: form.name,
      unit: form.unit,
      categoryname: form.categoryname,
      materialname: form.materialname,
      size: form.size,
      totalQuantity: Number(form.quantity === '' ? 0 : form.quantity),
      storeId: form.storeId ?? undefined,
    });
    if ('problem' in parsed) {
      setResult({ ok: false, text: parsed.problem });
      return;
    }
    if (isAdmin && !parsed.data.storeId) {
      setResult({ ok: false, text: 'Please choose a store.' });
      return;
    }
    try {
      const answer = await create.mutateAsync({ ...parsed.data, idempotencyKey: intent.key });
      setResult({ ok: true, text: answer.message || 'Product saved successfully!' });
      setForm({ ...EMPTY, storeId: form.storeId });
    } catch (error) {
      intent.settle(error);
      setResult({ ok: false, text: (error instanceof ApiError && error.serverMessage) || 'Failed to save product. Please try again.' });
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    value: String(form[name] ?? ''),
    onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }),
  });

  return (
    <PageCard title="Create Material" narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result} />
        {isAdmin && <StoreSelect value={form.storeId} onChange={(storeId) => setForm({ ...form, storeId })} />}
        <TextInput label="Material Name" required {...field('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Unit" placeholder="bag, m³, piece" {...field('unit')} />
          <TextInput label="Category" {...field('categoryname')} />
          <TextInput label="Material" placeholder="N/A" {...field('materialname')} />
          <TextInput label="Size" {...field('size')} />
        </SimpleGrid>
        <NumberInput
          label="Quantity"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={form.quantity}
          onChange={(quantity) => setForm({ ...form, quantity })}
        />
        <Button type="submit" loading={create.isPending}>
          Create Product
        </Button>
      </FormStack>
    </PageCard>
  );
}
