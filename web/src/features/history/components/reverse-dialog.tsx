import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import type { Movement } from '@stockyard/contract';
import { MOVEMENT_KIND_LABELS } from '@stockyard/contract/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useReverseMovement } from '../api/reverse';

const REASON_REQUIRED = 'Reason is required';

/** Asks why a movement is being reversed, then records the reversal. */
export function ReverseDialog({ movement, onClose }: { movement: Movement | null; onClose: (message?: string) => void }) {
  const reverse = useReverseMovement();
  const intent = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const { renew } = intent;
  // A new movement to reverse is a new intent; renew is a new function each render, so it is left out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the movement changes only
  useEffect(() => {
    setReason('');
    setError(null);
    if (movement) renew();
  }, [movement]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!movement) return;
    if (!reason.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    try {
      const answer = await reverse.mutateAsync({ id: movement._id, reason: reason.trim(), key: intent.key });
      intent.renew();
      onClose(answer.message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, 'Failed to reverse the movement. Please try again.'));
    }
  }

  return (
    <Modal opened={movement !== null} onClose={() => onClose()} title="Reverse movement" centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {movement && (
          <Text size="sm">
            {MOVEMENT_KIND_LABELS[movement.kind]} of {Math.abs(movement.quantity)}: a new movement will undo it. The original stays in the
            history, struck through.
          </Text>
        )}
        <Textarea label="Reason" required minRows={2} value={reason} onChange={intent.tracking((e) => setReason(e.currentTarget.value))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reverse.isPending}>
            Reverse
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
