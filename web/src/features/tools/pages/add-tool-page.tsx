import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ToolCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../app/layouts/page-card';
import { messageOf } from '../../../lib/api';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { WholeNumberInput } from '../../../lib/inputs';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useSignedInCheck } from '../../../lib/signed-in-check';
import { useRole } from '../../../lib/use-session';
import { usePayloadCheck } from '../../../lib/validation';
import { StoreSelect } from '../../stores';
import { useCreateTool } from '../api/tools';

/** Tool Entry: an admin picks the store (tools belong to one); a keeper's goes to their store. */
export function AddToolPage() {
  const isSignedIn = useSignedInCheck();
  const isAdmin = useRole() === 'admin';
  const create = useCreateTool();
  const intent = useIdempotencyKey();
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [storeId, setStoreId] = useState<string | null>(null);
  // A tool tracked by serial number starts empty: its units are added one by one on its page.
  const [tracking, setTracking] = useState<'count' | 'serial'>('count');

  const [result, setResult] = useState<NoticeValue>(null);
  const [added, setAdded] = useState<string | null>(null);
  const payload = usePayloadCheck(ToolCreateRequestSchema, ['name', 'totalQuantity']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!(await isSignedIn((text) => setResult({ ok: false, text }), t('movement.notSignedIn')))) return;
    const totalQuantity = tracking === 'serial' ? 0 : quantity === '' ? 1 : Number(quantity);
    const data = payload.check({ name, totalQuantity, storeId: storeId ?? undefined, tracking });
    if (!data) return;
    if (isAdmin && !storeId) return setResult({ ok: false, text: t('stores.choose') });
    try {
      const answer = await create.mutateAsync({ ...data, isAdmin, idempotencyKey: intent.key });
      setResult({ ok: true, text: tracking === 'serial' ? t('tools.addedSerial', { name: answer.tool.name }) : t('tools.added') });
      if (tracking === 'serial') setAdded(answer.tool._id);
      setName('');
      setQuantity(1);
      intent.renew();
    } catch (error) {
      intent.settle(error);
      setResult({ ok: false, text: messageOf(error, t('tools.addFailed')) });
    }
  }

  return (
    <PageCard title={t('tools.entry')} narrow>
      <FormStack onSubmit={handleSubmit}>
        <Notice value={result ?? payload.summary} />
        {isAdmin && <StoreSelect value={storeId} onChange={intent.tracking(setStoreId)} />}
        <TextInput
          label={t('tools.name')}
          error={payload.errorOf('name')}
          value={name}
          onChange={(e) => intent.tracking(setName)(e.currentTarget.value)}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('tools.tracking')}
          </Text>
          <SegmentedControl
            value={tracking}
            onChange={intent.tracking((value) => setTracking(value as 'count' | 'serial'))}
            data={[
              { value: 'count', label: t('tools.trackingCount') },
              { value: 'serial', label: t('tools.trackingSerial') },
            ]}
          />
        </Stack>
        {tracking === 'count' && (
          <WholeNumberInput
            label={t('materials.quantity')}
            error={payload.errorOf('totalQuantity')}
            value={quantity}
            onChange={intent.tracking(setQuantity)}
          />
        )}
        {added && (
          <Button component={Link} to={`/dashboard/tools/${added}/units`} variant="light">
            {t('tools.addUnitsNow')}
          </Button>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('tools.adding') : t('hub.addTool')}
        </Button>
      </FormStack>
    </PageCard>
  );
}
