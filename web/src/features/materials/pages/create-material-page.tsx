import { Button, Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { MaterialCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../app/layouts/page-card';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { QuantityInput } from '../../../lib/inputs';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useSignedInCheck } from '../../../lib/signed-in-check';
import { UnitCostInput } from '../../../lib/unit-cost-input';
import { useRole } from '../../../lib/use-session';
import { usePayloadCheck } from '../../../lib/validation';
import { StoreSelect } from '../../stores';
import { useCreateMaterial } from '../api/materials';
import { DecimalsSelect } from '../components/decimals-select';

const EMPTY = {
  name: '',
  unit: '',
  categoryname: '',
  materialname: '',
  quantity: 0 as number | string,
  decimals: '0',
  unitCost: '',
  size: '',
  storeId: null as string | null,
  tracksExpiry: false,
  batch: '',
  expiresOn: '',
};

/** The fields the form shows, each with its problem under it. */
const FIELDS = ['name', 'unit', 'categoryname', 'materialname', 'size', 'decimals', 'totalQuantity', 'unitCost', 'batch', 'expiresOn'];

/** Create Material: a keeper's goes to their store; an admin picks the store. */
export function CreateMaterialPage() {
  const isAdmin = useRole() === 'admin';
  const create = useCreateMaterial();
  const intent = useIdempotencyKey();
  const isSignedIn = useSignedInCheck();
  const [form, setFormState] = useState(EMPTY);
  const setForm = intent.tracking(setFormState);
  const [result, setResult] = useState<NoticeValue>(null);
  const payload = usePayloadCheck(MaterialCreateRequestSchema, FIELDS);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!(await isSignedIn((text) => setResult({ ok: false, text }), t('materials.notSignedIn')))) return;
    const data = payload.check({
      name: form.name,
      unit: form.unit,
      categoryname: form.categoryname,
      materialname: form.materialname,
      size: form.size,
      decimals: Number(form.decimals),
      totalQuantity: Number(form.quantity === '' ? 0 : form.quantity),
      ...(form.unitCost.trim() ? { unitCost: form.unitCost.trim() } : {}),
      storeId: form.storeId ?? undefined,
      ...(form.tracksExpiry ? { tracksExpiry: true } : {}),
      ...(form.tracksExpiry && form.batch.trim() ? { batch: form.batch.trim() } : {}),
      ...(form.tracksExpiry && form.expiresOn ? { expiresOn: form.expiresOn } : {}),
    });
    if (!data) return;
    if (isAdmin && !data.storeId) return setResult({ ok: false, text: t('stores.choose') });
    try {
      const answer = await create.mutateAsync({ ...data, idempotencyKey: intent.key });
      setResult({ ok: true, text: answer.message ? localMessage(answer.message) : t('materials.saved') });
      setForm({ ...EMPTY, storeId: form.storeId });
    } catch (error) {
      intent.settle(error);
      setResult({ ok: false, text: messageOf(error, t('materials.saveFailed')) });
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    error: payload.errorOf(name),
    value: String(form[name] ?? ''),
    onChange: (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value }),
  });

  return (
    <PageCard title={t('materials.create')} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result ?? payload.summary} />
        {isAdmin && <StoreSelect value={form.storeId} onChange={(storeId) => setForm({ ...form, storeId })} />}
        <TextInput label={t('materials.materialName')} required {...field('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('materials.unit')} placeholder={t('materials.unitPlaceholder')} {...field('unit')} />
          <TextInput label={t('materials.category')} {...field('categoryname')} />
          <TextInput label={t('materials.material')} placeholder={t('common.na')} {...field('materialname')} />
          <TextInput label={t('materials.size')} {...field('size')} />
        </SimpleGrid>
        <DecimalsSelect value={form.decimals} onChange={(decimals) => setForm({ ...form, decimals })} error={payload.errorOf('decimals')} />
        <QuantityInput
          label={t('materials.quantity')}
          decimals={Number(form.decimals)}
          error={payload.errorOf('totalQuantity')}
          value={form.quantity}
          onChange={(quantity) => setForm({ ...form, quantity })}
        />
        <Checkbox
          label={t('batches.tracksExpiry')}
          checked={form.tracksExpiry}
          onChange={(event) => setForm({ ...form, tracksExpiry: event.currentTarget.checked })}
        />
        {form.tracksExpiry && Number(form.quantity || 0) > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('batches.batch')} required maxLength={50} {...field('batch')} />
            <DateField
              label={t('batches.expiresOn')}
              required
              error={payload.errorOf('expiresOn')}
              value={form.expiresOn}
              onChange={(expiresOn) => setForm({ ...form, expiresOn })}
            />
          </SimpleGrid>
        )}
        <UnitCostInput
          value={form.unitCost}
          onChange={(unitCost) => setForm({ ...form, unitCost })}
          description={t('money.openingCostHint')}
          error={payload.errorOf('unitCost')}
        />
        <Button type="submit" loading={create.isPending}>
          {t('materials.createProduct')}
        </Button>
      </FormStack>
    </PageCard>
  );
}
