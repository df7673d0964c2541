import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type PurchaseOrder, SupplierReturnRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { decimalsOfItem, QuantityInput } from '../../../lib/inputs';
import { parsePayload } from '../../../lib/validation';
import { useReturnToSupplier } from '../api/purchase-orders';

type Line = PurchaseOrder['lines'][number];
/** What of a line may still go back: what arrived whole, less what already went. */
const returnable = (line: Line) => line.received - line.returned;

/** Sends goods that came on an order back to its supplier: how many of each line, in which batch, and why. */
export function ReturnToSupplierDialog({ order, onClose }: { order: PurchaseOrder | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={order}
      keyOf={(subject) => subject._id}
      title={(subject) => t('purchases.returnTitle', { number: subject.number, supplier: subject.supplier.name })}
      onClose={() => onClose()}
    >
      {(subject) => <ReturnForm order={subject} onClose={onClose} />}
    </DialogFor>
  );
}

function ReturnForm({ order, onClose }: { order: PurchaseOrder; onClose: (message?: string) => void }) {
  const send = useReturnToSupplier();
  const intent = useIdempotencyKey();
  const lines = order.lines.filter((line) => returnable(line) > 0);
  const [counts, setCounts] = useState<Record<string, { quantity: number | string; batch: string }>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const set = (id: string, change: Partial<{ quantity: number | string; batch: string }>) =>
    intent.tracking(setCounts)((current) => ({ ...current, [id]: { ...(current[id] ?? { quantity: '', batch: '' }), ...change } }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const chosen = lines
      .map((line) => ({ line, count: counts[line._id] }))
      .filter(({ count }) => count && Number(count.quantity) > 0)
      .map(({ line, count }) => ({ materialId: line.materialId, quantity: Number(count?.quantity), batch: count?.batch || undefined }));
    if (chosen.length === 0) return setError(t('purchases.enterReturned'));
    const parsed = parsePayload(SupplierReturnRequestSchema, {
      supplierId: order.supplier._id,
      storeId: order.store._id,
      purchaseOrderId: order._id,
      reason,
      returnedOn: phoneToday(),
      lines: chosen,
    });
    if ('problem' in parsed) return setError(localMessage(parsed.problem));
    try {
      const answer = await send.mutateAsync({ body: parsed.data, key: intent.key });
      intent.renew();
      onClose(answer.message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.didNotWork')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error} />
      <Stack gap="sm">
        {lines.map((line) => (
          <Stack key={line._id} gap={4} role="group" aria-label={t('purchases.returnName', { name: line.name })}>
            <Text size="sm" fw={600}>
              {line.name}{' '}
              <Text span size="xs" c="dimmed">
                {t('purchases.mayGoBack', { count: returnable(line), unit: line.unit })}
              </Text>
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <QuantityInput
                decimals={decimalsOfItem(line)}
                label={t('purchases.returnQuantity')}
                max={returnable(line)}
                value={counts[line._id]?.quantity ?? ''}
                onChange={(value) => set(line._id, { quantity: value })}
              />
              <TextInput
                label={t('purchases.batch')}
                maxLength={100}
                value={counts[line._id]?.batch ?? ''}
                onChange={(event) => set(line._id, { batch: event.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
      <Textarea
        label={t('history.reason')}
        required
        minRows={2}
        value={reason}
        onChange={(event) => intent.tracking(setReason)(event.currentTarget.value)}
      />
      <DialogButtons onCancel={() => onClose()} action={t('purchases.returnAction')} isBusy={send.isPending} color="red" />
    </FormStack>
  );
}
