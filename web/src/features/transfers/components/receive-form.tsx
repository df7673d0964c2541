import { Button, Group, Paper, Title } from '@mantine/core';
import { type Transfer, TransferReceiveSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { type ArrivalCount, ArrivalLines, countOf, NO_ARRIVAL } from '../../../lib/arrival-lines';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { PhotoField, uploadedPhotos } from '../../files';
import { useTransferAction } from '../api/transfers';

/**
 * What arrived, line by line, on a phone at the gate: each line starts empty, so nothing is received
 * by one tap; "All arrived" fills in what is in transit, in good order; the keeper moves some to
 * Damaged and records. Repeatable: what has not come yet stays in transit for the next receipt.
 */
export function ReceiveForm({ transfer, onDone }: { transfer: Transfer; onDone: (message: string) => void }) {
  // What is in transit changed (a receipt recorded here or elsewhere): a new receipt, with a new intent.
  const inTransit = transfer.lines.map((line) => `${line._id}:${line.inTransit}`).join(',');
  return <ReceiptForm key={inTransit} transfer={transfer} onDone={onDone} />;
}

function ReceiptForm({ transfer, onDone }: { transfer: Transfer; onDone: (message: string) => void }) {
  const act = useTransferAction();
  const intent = useIdempotencyKey();
  const open = transfer.lines.filter((line) => line.inTransit > 0);
  const [counts, setCounts] = useState<Record<string, ArrivalCount>>({});
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Blob[]>([]);
  const { t } = useTranslation();

  // A changed count is a new receipt: it gets a new intent.
  function set(lineId: string, change: Partial<ArrivalCount>) {
    setCounts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? NO_ARRIVAL), ...change } }));
    setError(null);
    intent.renew();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = open.map((line) => ({
      lineId: line._id,
      received: countOf(counts[line._id]?.received ?? ''),
      damaged: countOf(counts[line._id]?.damaged ?? ''),
    }));
    const over = open.find((line, index) => (lines[index]?.received ?? 0) + (lines[index]?.damaged ?? 0) > line.inTransit);
    if (over) return setError(t('transfers.onlyInTransit', { name: over.name, count: over.inTransit }));
    const arrived = lines.filter((line) => line.received + line.damaged > 0);
    if (arrived.length === 0) return setError(t('transfers.enterArrived'));
    const parsed = parsePayload(TransferReceiveSchema, { lines: arrived });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      // The same photos are the same files: a retry of this receipt sends the same body under its key.
      const body = { ...parsed.data, ...(await uploadedPhotos(photos)) };
      const answer = await act.mutateAsync({ id: transfer._id, action: 'receive', body, key: intent.key });
      intent.renew();
      onDone(answer.message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.receiveFailed')));
    }
  }

  return (
    <Paper withBorder p="sm">
      <FormStack onSubmit={handleSubmit}>
        <Title order={3} size="h4">
          {t('transfers.receive')}
        </Title>
        <ErrorAlert text={error} />
        <ArrivalLines
          lines={open}
          dueOf={(line) => line.inTransit}
          dueText={(line) => t('transfers.unitsInTransit', { count: line.inTransit, unit: line.unit })}
          groupLabel={(line) => t('transfers.receiveName', { name: line.name })}
          maxOf={(line) => line.inTransit}
          counts={counts}
          onChange={set}
        />
        <PhotoField
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            intent.renew();
          }}
          description={t('files.photosSentWith')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={act.isPending} fullWidth>
            {t('transfers.recordReceipt')}
          </Button>
        </Group>
      </FormStack>
    </Paper>
  );
}
