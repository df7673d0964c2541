import { Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import type { LowStockRow } from '@stockyard/contract';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
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
    if (lines.length === 0) return setError('Enter a quantity for at least one material.');
    try {
      const answer = await send.mutateAsync({ body: { storeId: rows[0]?.store._id, lines }, key: intent.key });
      renew();
      onClose(answer.message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, 'Failed to send the request. Please try again.'));
    }
  }

  return (
    <Modal opened={rows !== null} onClose={() => onClose()} title="Request from the warehouse" centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {rows && rows.length > 0 && <Text size="sm">For {rows[0]?.store.name}. Change a quantity if you need more or less.</Text>}
        <Stack gap="xs">
          {(rows ?? []).map((row) => (
            // A bare field with a number keypad in a plain row: a shortage of hundreds of materials opens at once on a phone.
            <Group key={row.materialId} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {row.name} ({row.unit || 'units'})
                </Text>
                <Text size="xs" c="dimmed">
                  {row.available} left · minimum {row.minQty}
                  {row.packSize > 1 ? ` · packs of ${row.packSize}` : ''}
                </Text>
              </div>
              <Input
                w={96}
                aria-label={`${row.name} (${row.unit || 'units'})`}
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
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send request
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
