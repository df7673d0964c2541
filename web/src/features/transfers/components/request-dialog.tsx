import { Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { type LowStockRow, StockRequestCreateSchema } from '@stockyard/contract';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { useSendRequest } from '../api/transfers';

/**
 * Asks the warehouse for the low materials of one store: each with its suggested quantity, which
 * the keeper may change (0 leaves it out), then one press sends them all.
 */
export function RequestDialog({ rows, onClose }: { rows: LowStockRow[] | null; onClose: (message?: string) => void }) {
  const send = useSendRequest();
  const intent = useIdempotencyKey();
  const [quantities, setQuantities] = useState<Record<string, number | string>>({});
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const { renew } = intent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows to request are a new intent
  useEffect(() => {
    setQuantities(Object.fromEntries((rows ?? []).map((row) => [row.materialId, row.suggested])));
    setError(null);
    renew();
  }, [rows]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!rows) return;
    const lines = rows
      .map((row) => ({ materialId: row.materialId, quantity: Number(quantities[row.materialId] || 0) }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) return setError(t('transfers.enterOne'));
    const parsed = parsePayload(StockRequestCreateSchema, { storeId: rows[0]?.store._id, lines });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      const answer = await send.mutateAsync({ body: parsed.data, key: intent.key });
      renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('transfers.sendFailed')));
    }
  }

  return (
    <Modal opened={rows !== null} onClose={() => onClose()} title={t('transfers.requestTitle')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {rows && rows.length > 0 && <Text size="sm">{t('transfers.requestFor', { store: rows[0]?.store.name ?? '' })}</Text>}
        <Stack gap="xs">
          {(rows ?? []).map((row) => (
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
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('transfers.sendRequest')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
