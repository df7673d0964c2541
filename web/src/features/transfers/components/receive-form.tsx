import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Transfer, TransferReceiveSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { useTransferAction } from '../api/transfers';

type Counts = Record<string, { received: number | string; damaged: number | string }>;
const asCount = (value: number | string) => (value === '' ? 0 : Number(value));

/**
 * What arrived, line by line, on a phone at the gate: each line starts at what is still in transit,
 * in good order; the keeper lowers it, or moves some to Damaged, and records. Repeatable: what has
 * not come yet stays in transit for the next receipt.
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
  const [counts, setCounts] = useState<Counts>(() =>
    Object.fromEntries(open.map((line) => [line._id, { received: line.inTransit, damaged: 0 }])),
  );
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  const set = (lineId: string, field: 'received' | 'damaged') =>
    intent.tracking((value: number | string) =>
      setCounts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? { received: 0, damaged: 0 }), [field]: value } })),
    );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const lines = open.map((line) => ({
      lineId: line._id,
      received: asCount(counts[line._id]?.received ?? 0),
      damaged: asCount(counts[line._id]?.damaged ?? 0),
    }));
    const over = open.find((line, index) => (lines[index]?.received ?? 0) + (lines[index]?.damaged ?? 0) > line.inTransit);
    if (over) return setError(t('transfers.onlyInTransit', { name: over.name, count: over.inTransit }));
    const arrived = lines.filter((line) => line.received + line.damaged > 0);
    if (arrived.length === 0) return setError(t('transfers.enterArrived'));
    const parsed = parsePayload(TransferReceiveSchema, { lines: arrived });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await act.mutateAsync({ id: transfer._id, action: 'receive', body: parsed.data, key: intent.key });
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
        <Stack gap="sm">
          {open.map((line) => (
            <Stack key={line._id} gap={4} role="group" aria-label={t('transfers.receiveName', { name: line.name })}>
              <Text size="sm" fw={600}>
                {line.name}{' '}
                <Text span size="xs" c="dimmed">
                  {t('transfers.unitsInTransit', { count: line.inTransit, unit: line.unit })}
                </Text>
              </Text>
              <SimpleGrid cols={2} spacing="xs">
                <NumberInput
                  label={t('transfers.received')}
                  min={0}
                  max={line.inTransit}
                  allowDecimal={false}
                  allowNegative={false}
                  inputMode="numeric"
                  value={counts[line._id]?.received ?? ''}
                  onChange={set(line._id, 'received')}
                />
                <NumberInput
                  label={t('checkIn.damaged')}
                  min={0}
                  max={line.inTransit}
                  allowDecimal={false}
                  allowNegative={false}
                  inputMode="numeric"
                  value={counts[line._id]?.damaged ?? ''}
                  onChange={set(line._id, 'damaged')}
                />
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={act.isPending} fullWidth>
            {t('transfers.recordReceipt')}
          </Button>
        </Group>
      </FormStack>
    </Paper>
  );
}
