import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ParkedMovement } from '@stockyard/contract';
import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useApplyParked, useDiscardParked, useParked } from '../api/parked';
import { OP_KIND_LABELS } from '../op-kinds';
import { dismissRejected, type RejectedOp } from '../outbox';
import { useOutbox } from '../use-outbox';

/** One parked movement: what was recorded, why the server held it, and the two ways to end it. */
function ParkedCard({ parked, onDone }: { parked: ParkedMovement; onDone: (notice: NoticeValue) => void }) {
  const apply = useApplyParked();
  const discard = useDiscardParked();
  // A shortage suggests what is there; the keeper may type any other quantity.
  const [quantity, setQuantity] = useState<number | string>(
    parked.code === 'insufficient_stock' && parked.available ? Math.min(parked.available, parked.quantity) : parked.quantity,
  );
  const [isDiscarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const name = parked.itemName ?? 'Deleted item';
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      onDone({ ok: true, text: (await work()).message });
    } catch (error) {
      onDone({ ok: false, text: messageOf(error, 'Failed to resolve the movement.') });
    }
  };
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={`${OP_KIND_LABELS[parked.kind]} of ${name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {OP_KIND_LABELS[parked.kind]} of {parked.quantity} {parked.unit} {name}
              {parked.worker ? ` to ${parked.worker.name}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {parked.recordedBy} · {dayAndTime(parked.capturedAt)} · {parked.store.name}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c="red.8">
          {parked.message}
          {parked.available !== null && parked.code === 'insufficient_stock' ? ` (${parked.available} ${parked.unit} available)` : ''}
        </Text>
        {isDiscarding ? (
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <TextInput label="Why discard it?" value={reason} onChange={(e) => setReason(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button color="red" loading={discard.isPending} onClick={() => void run(() => discard.mutateAsync({ id: parked._id, reason }))}>
              Discard
            </Button>
          </Group>
        ) : (
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <NumberInput
              label="Quantity"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={quantity}
              onChange={setQuantity}
              w={110}
            />
            <Button
              loading={apply.isPending}
              onClick={() => void run(() => apply.mutateAsync({ id: parked._id, quantity: Number(quantity) || undefined }))}
            >
              Apply
            </Button>
            <Button variant="default" onClick={() => setDiscarding(true)}>
              Discard…
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function RejectedCard({ op }: { op: RejectedOp }) {
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={`${OP_KIND_LABELS[op.kind]} of ${op.itemName}`}>
      <Stack gap={6}>
        <Text fw={600}>
          {OP_KIND_LABELS[op.kind]} of {op.quantity} {op.unit} {op.itemName}
        </Text>
        <Text size="xs" c="dimmed">
          Recorded {dayAndTime(op.capturedAt)} on this phone · refused by the server
        </Text>
        <Text size="sm" c="red.8">
          {op.message}
        </Text>
        <Button variant="default" w="fit-content" onClick={() => void dismissRejected(op.opId)}>
          Dismiss
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Movements recorded offline that the server could not apply by itself (not enough stock, the item
 * deleted, the store no longer the keeper's, too old): each is applied (maybe with another quantity)
 * or discarded with a reason. Nothing is dropped on its own.
 */
export function NeedsAttentionPage() {
  const parked = useParked();
  const { rejected } = useOutbox();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const rows = parked.data?.parked ?? [];
  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="sm" maw={760} mx="auto">
      <Title order={2}>Needs attention</Title>
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={parked.isError ? messageOf(parked.error, 'Failed to fetch data. Please try again.') : null} />
      {parked.isPending && 'Loading...'}
      {parked.data && rows.length === 0 && rejected.length === 0 && (
        <Text size="sm">Every movement recorded offline is in the ledger.</Text>
      )}
      <Stack gap="xs" role="list" aria-label="Movements that need attention">
        {rows.map((row) => (
          <ParkedCard key={row._id} parked={row} onDone={setNotice} />
        ))}
        {rejected.map((op) => (
          <RejectedCard key={op.opId} op={op} />
        ))}
      </Stack>
    </Stack>
  );
}
