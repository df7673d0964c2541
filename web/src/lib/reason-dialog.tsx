import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { ReasonSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from './api';
import { ErrorAlert } from './error-alert';
import { FormStack } from './form-stack';
import { useIdempotencyKey } from './idempotency-key';
import { parsePayload } from './validation';

export type ReasonAsk = {
  title: string;
  text: string;
  action: string;
  /** What to say when it fails and the server says nothing; "That did not work" by default. */
  failure?: string;
  /** Does it with the reason and the intent's key; resolves to the message to show. */
  run: (reason: string, key: string) => Promise<string>;
};

/** Asks why before an action that needs a reason (reversing a movement, rejecting a request, writing off goods in transit). */
export function ReasonDialog({ ask, onClose }: { ask: ReasonAsk | null; onClose: (message?: string) => void }) {
  const intent = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { t } = useTranslation();
  const { renew } = intent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question is a new intent
  useEffect(() => {
    setReason('');
    setError(null);
    renew();
  }, [ask]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ask) return;
    if (!reason.trim()) return setError(t('history.reasonRequired'));
    const parsed = parsePayload(ReasonSchema, { reason });
    if ('problem' in parsed) return setError(parsed.problem);
    setIsBusy(true);
    try {
      const message = await ask.run(parsed.data.reason, intent.key);
      renew();
      onClose(message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, ask.failure ?? t('transfers.didNotWork')));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Modal opened={ask !== null} onClose={() => onClose()} title={ask?.title} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <Text size="sm">{ask?.text}</Text>
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
          <Button type="submit" color="red" loading={isBusy}>
            {ask?.action}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
