import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { type Location, type PurchaseOrder, PurchaseReceiptRequestSchema } from '@stockyard/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isConnectionLost, messageOf } from '../../../lib/api';
import { type ArrivalCount, ArrivalLines, countOf, NO_ARRIVAL } from '../../../lib/arrival-lines';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { phoneToday } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { signedInUser } from '../../../lib/session';
import { parsePayload } from '../../../lib/validation';
import { PhotoField } from '../../files';
import { enqueueOp, LocationSwitch, removeOp, removeRefusedOp, syncNow, useWhereabouts } from '../../offline';
import { usePurchaseOrderAction } from '../api/purchase-orders';

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
  const [counts, setCounts] = useState<Record<string, ArrivalCount>>({});
  const [deliveryNote, setDeliveryNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const whereabouts = useWhereabouts();
  /** Where the phone was for the receipt under this key: a retry of it sends the same place, so the server sees the same receipt. */
  const located = useRef<{ key: string; location?: Location } | null>(null);
  const { t } = useTranslation();

  // A changed count is a new receipt: it gets a new intent.
  function set(lineId: string, change: Partial<ArrivalCount>) {
    setCounts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? NO_ARRIVAL), ...change } }));
    setError(null);
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = open
      .map((line) => ({
        lineId: line._id,
        received: countOf(counts[line._id]?.received ?? ''),
        damaged: countOf(counts[line._id]?.damaged ?? ''),
      }))
      .filter((line) => line.received + line.damaged > 0);
    if (lines.length === 0) return setError(t('purchases.enterArrived'));
    if (located.current?.key !== intent.key) located.current = { key: intent.key, location: whereabouts.current() };
    const location = located.current.location;
    const parsed = parsePayload(PurchaseReceiptRequestSchema, {
      receivedAt: phoneToday(),
      deliveryNote,
      lines,
      ...(location ? { location } : {}),
    });
    if ('problem' in parsed) return setError(parsed.problem);
    const user = signedInUser();
    // The receipt and its photos wait on the phone under its key before anything is sent: with no signal,
    // or no answer, it is synced later, and the photos follow it by its id, so they never hold it back.
    if (user) {
      const kept = await Promise.all(photos.map(async (photo) => ({ bytes: await photo.arrayBuffer(), type: photo.type })));
      const op = {
        ...parsed.data,
        opId: intent.key,
        kind: 'po-receipt' as const,
        purchaseOrderId: order._id,
        storeId: order.store._id,
        capturedAt: new Date().toISOString(),
        userId: user.userId,
        itemName: order.number,
        unit: '',
      };
      await enqueueOp(op, kept);
    }
    const recordedOnPhone = () => {
      intent.renew();
      setPhotos([]);
      onDone(t('outbox.recordedOnPhone'));
    };
    if (user && !navigator.onLine) return recordedOnPhone();
    try {
      const answer = await act.mutateAsync({ id: order._id, action: 'receipts', body: parsed.data, key: intent.key });
      if (user) await removeOp(intent.key);
      if (user && photos.length > 0) void syncNow();
      intent.renew();
      setPhotos([]);
      onDone(answer.message);
    } catch (caught) {
      if (user && (isConnectionLost(caught) || (caught instanceof ApiError && caught.status >= 500))) return recordedOnPhone();
      if (user) await removeRefusedOp(intent.key);
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
        <ArrivalLines
          lines={open}
          dueOf={(line) => line.outstanding}
          dueText={(line) => t('purchases.stillToCome', { count: line.outstanding, unit: line.unit })}
          groupLabel={(line) => t('purchases.receiveName', { name: line.name })}
          counts={counts}
          onChange={set}
        />
        <TextInput
          label={t('purchases.deliveryNote')}
          value={deliveryNote}
          onChange={(event) => intent.tracking(setDeliveryNote)(event.currentTarget.value)}
        />
        <PhotoField
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            intent.renew();
          }}
        />
        <LocationSwitch isOn={whereabouts.isOn} state={whereabouts.state} onChange={whereabouts.setOn} />
        <Group justify="flex-end">
          <Button type="submit" loading={act.isPending} fullWidth>
            {t('purchases.recordReceipt')}
          </Button>
        </Group>
      </FormStack>
    </Paper>
  );
}
