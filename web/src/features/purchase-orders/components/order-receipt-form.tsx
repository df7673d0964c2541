import { Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type PurchaseOrder, PurchaseReceiptRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isConnectionLost, messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { signedInUser } from '../../../lib/session';
import { useShowMore } from '../../../lib/show-more';
import { parsePayload } from '../../../lib/validation';
import { enqueueOp, removeOp } from '../../offline';
import { usePurchaseOrderAction } from '../api/purchase-orders';

type Count = { received: number | string; damaged: number | string };
const asCount = (value: number | string) => (value === '' ? 0 : Number(value));

/**
 * What arrived against an order, line by line, on a phone at the gate: each line starts empty; "All
 * arrived" fills in what is still to come, in good order; the keeper moves some to Damaged and records.
 * Repeatable: what has not come stays outstanding for the next receipt.
 */
export function OrderReceiptForm({ order, onDone }: { order: PurchaseOrder; onDone: (message: string) => void }) {
  // What is outstanding changed (a receipt recorded here or elsewhere): a new receipt, with a new intent.
  const outstanding = order.lines.map((line) => `${line._id}:${line.outstanding}`).join(',');
  return <ReceiptForm key={outstanding} order={order} onDone={onDone} />;
}

function ReceiptForm({ order, onDone }: { order: PurchaseOrder; onDone: (message: string) => void }) {
  const act = usePurchaseOrderAction();
  const intent = useIdempotencyKey();
  const open = order.lines.filter((line) => line.outstanding > 0);
  const { shown, more } = useShowMore(open);
  const [counts, setCounts] = useState<Record<string, Count>>({});
  const [deliveryNote, setDeliveryNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  // A changed count is a new receipt: it gets a new intent.
  function set(lineId: string, change: Partial<Count>) {
    setCounts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? { received: '', damaged: '' }), ...change } }));
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = open
      .map((line) => ({
        lineId: line._id,
        received: asCount(counts[line._id]?.received ?? ''),
        damaged: asCount(counts[line._id]?.damaged ?? ''),
      }))
      .filter((line) => line.received + line.damaged > 0);
    if (lines.length === 0) return setError(t('purchases.enterArrived'));
    const parsed = parsePayload(PurchaseReceiptRequestSchema, { receivedAt: phoneToday(), deliveryNote, lines });
    if ('problem' in parsed) return setError(parsed.problem);
    const user = signedInUser();
    // The receipt waits on the phone under its key before anything is sent: with no signal, or no answer, it is synced later.
    if (user) {
      await enqueueOp({
        ...parsed.data,
        opId: intent.key,
        kind: 'po-receipt',
        purchaseOrderId: order._id,
        storeId: order.store._id,
        capturedAt: new Date().toISOString(),
        userId: user.userId,
        itemName: order.number,
        unit: '',
      });
    }
    const recordedOnPhone = () => {
      intent.renew();
      onDone(t('outbox.recordedOnPhone'));
    };
    if (user && !navigator.onLine) return recordedOnPhone();
    try {
      const answer = await act.mutateAsync({ id: order._id, action: 'receipts', body: parsed.data, key: intent.key });
      if (user) await removeOp(intent.key);
      intent.renew();
      onDone(answer.message);
    } catch (caught) {
      if (user && (isConnectionLost(caught) || (caught instanceof ApiError && caught.status >= 500))) return recordedOnPhone();
      if (user) await removeOp(intent.key);
      intent.settle(caught);
      setError(messageOf(caught, t('purchases.receiveFailed')));
    }
  }

  // Everything ordered has arrived, or waits on this phone to be sent: nothing is left to receive here.
  if (open.length === 0) return null;
  return (
    <Paper withBorder p="sm">
      <FormStack onSubmit={handleSubmit}>
        <Title order={3} size="h4">
          {t('purchases.receive')}
        </Title>
        <ErrorAlert text={error} />
        <Stack gap="sm">
          {shown.map((line) => {
            const count = counts[line._id] ?? { received: '', damaged: '' };
            const allArrived = asCount(count.received) + asCount(count.damaged) === line.outstanding;
            return (
              <Stack key={line._id} gap={4} role="group" aria-label={t('purchases.receiveName', { name: line.name })}>
                <Text size="sm" fw={600}>
                  {line.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {t('purchases.stillToCome', { count: line.outstanding, unit: line.unit })}
                  </Text>
                </Text>
                <Checkbox
                  label={t('purchases.allArrived')}
                  checked={allArrived}
                  onChange={(event) =>
                    set(line._id, event.currentTarget.checked ? { received: line.outstanding - asCount(count.damaged) } : { received: '' })
                  }
                />
                <SimpleGrid cols={2} spacing="xs">
                  <NumberInput
                    label={t('purchases.received')}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    value={count.received}
                    onChange={(value) => set(line._id, { received: value })}
                  />
                  <NumberInput
                    label={t('checkIn.damaged')}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    value={count.damaged}
                    // With all arrived, what is damaged comes out of what arrived whole.
                    onChange={(value) =>
                      set(
                        line._id,
                        allArrived ? { damaged: value, received: Math.max(0, line.outstanding - asCount(value)) } : { damaged: value },
                      )
                    }
                  />
                </SimpleGrid>
              </Stack>
            );
          })}
          {more}
        </Stack>
        <TextInput
          label={t('purchases.deliveryNote')}
          value={deliveryNote}
          onChange={(event) => intent.tracking(setDeliveryNote)(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={act.isPending} fullWidth>
            {t('purchases.recordReceipt')}
          </Button>
        </Group>
      </FormStack>
    </Paper>
  );
}
