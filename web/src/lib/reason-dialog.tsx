import { Text, Textarea } from '@mantine/core';
import { ReasonSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from './api';
import { DialogButtons, DialogFor } from './dialog-for';
import { ErrorAlert } from './error-alert';
import { FormStack } from './form-stack';
import { useIdempotencyKey } from './idempotency-key';
import { usePayloadCheck } from './validation';

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
  return (
    <DialogFor
      subject={ask}
      keyOf={(subject) => `${subject.title}\n${subject.text}`}
      title={(subject) => subject.title}
      onClose={() => onClose()}
    >
      {(subject) => <ReasonForm ask={subject} onClose={onClose} />}
    </DialogFor>
  );
}

/** One question's form: a new question is a new intent, with a key of its own. */
function ReasonForm({ ask, onClose }: { ask: ReasonAsk; onClose: (message?: string) => void }) {
  const intent = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const payload = usePayloadCheck(ReasonSchema, ['reason']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) return setError(t('history.reasonRequired'));
    const data = payload.check({ reason });
    if (!data) return;
    setIsBusy(true);
    try {
      const message = await ask.run(data.reason, intent.key);
      intent.renew();
      onClose(message);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, ask.failure ?? t('transfers.didNotWork')));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <Text size="sm">{ask.text}</Text>
      <Textarea
        label={t('history.reason')}
        error={payload.errorOf('reason')}
        required
        minRows={2}
        value={reason}
        onChange={intent.tracking((e) => setReason(e.currentTarget.value))}
      />
      <DialogButtons onCancel={() => onClose()} action={ask.action} isBusy={isBusy} color="red" />
    </FormStack>
  );
}
