import { Group, Input, Stack, Text } from '@mantine/core';
import { type LowStockRow, StockRequestCreateSchema } from '@stockyard/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { usePayloadCheck } from '../../../lib/validation';
import { useSendRequest } from '../api/transfers';

/**
 * Asks the warehouse for the low materials of one store: each with its suggested quantity, which
 * the keeper may change (0 leaves it out), then one press sends them all.
 */
export function RequestDialog({ rows, onClose }: { rows: LowStockRow[] | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor
      subject={rows}
      keyOf={(subject) => subject.map((row) => row.materialId).join(',')}
      title={() => t('transfers.requestTitle')}
      onClose={() => onClose()}
    >
      {(subject) => <RequestForm rows={subject} onClose={onClose} />}
    </DialogFor>
  );
}

/** One shortage's request, each line at its suggested quantity: new rows to request are a new intent. */
function RequestForm({ rows, onClose }: { rows: LowStockRow[]; onClose: (message?: string) => void }) {
  const send = useSendRequest();
  const intent = useIdempotencyKey();
  const [quantities, setQuantities] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(rows.map((row) => [row.materialId, row.suggested])),
  );
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(StockRequestCreateSchema, []);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const lines = rows
      .map((row) => ({ materialId: row.materialId, quantity: Number(quantities[row.materialId] || 0) }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) return setError(t('transfers.enterOne'));
    const data = payload.check({ storeId: rows[0]?.store._id, lines });
    if (!data) return;
    try {
      const answer = await send.mutateAsync({ body: data, key: intent.key });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.sendFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      {rows.length > 0 && <Text size="sm">{t('transfers.requestFor', { store: rows[0]?.store.name ?? '' })}</Text>}
      <Stack gap="xs">
        {rows.map((row) => (
          // A bare field with a number keypad in a plain row: a shortage of hundreds of materials opens at once on a phone.
          <Group key={row.materialId} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {row.name} ({row.unit || t('transfers.units')})
              </Text>
              <Text size="xs" c="dimmed">
                {t('transfers.leftMinimum', { available: row.available, minimum: row.minQty })}
                {row.packSize > 1 ? ` · ${t('transfers.packsOf', { size: row.packSize })}` : ''}
              </Text>
            </div>
            <Input
              w={96}
              aria-label={`${row.name} (${row.unit || t('transfers.units')})`}
              inputMode="numeric"
              value={String(quantities[row.materialId] ?? '')}
              onChange={intent.tracking((event: ChangeEvent<HTMLInputElement>) => {
                const digits = event.currentTarget.value.replace(/\D/g, '');
                setQuantities((current) => ({ ...current, [row.materialId]: digits }));
              })}
            />
          </Group>
        ))}
      </Stack>
      <DialogButtons onCancel={() => onClose()} action={t('transfers.sendRequest')} isBusy={send.isPending} />
    </FormStack>
  );
}
