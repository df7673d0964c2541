import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import type { Movement } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useReverseMovement } from '../api/reverse';

/** Asks why a movement is being reversed, then records the reversal. */
export function ReverseDialog({ movement, onClose }: { movement: Movement | null; onClose: (message?: string) => void }) {
  const reverse = useReverseMovement();
  const intent = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

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
      setError(t('history.reasonRequired'));
      return;
    }
    try {
      const answer = await reverse.mutateAsync({ id: movement._id, reason: reason.trim(), key: intent.key });
      intent.renew();
      onClose(localMessage(answer.message));
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('history.reverseFailed')));
    }
  }

  return (
    <Modal opened={movement !== null} onClose={() => onClose()} title={t('history.reverseTitle')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {movement && (
          <Text size="sm">{t('history.reverseExplain', { kind: t(`kinds.${movement.kind}`), quantity: Math.abs(movement.quantity) })}</Text>
        )}
        <Textarea
          label={t('history.reason')}
          required
          minRows={2}
          value={reason}
          onChange={intent.tracking((e) => setReason(e.currentTarget.value))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={reverse.isPending}>
            {t('history.reverse')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
