import { Modal, TextInput } from '@mantine/core';
import { type Worker, WorkerCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { DialogButtons } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { usePayloadCheck } from '../../../lib/validation';
import { useCreateWorker } from '../api/custody';

/** Adds a worker (name, trade, phone) to a store; a keeper's own store when none is given. */
export function AddWorkerDialog({ opened, storeId, onClose }: { opened: boolean; storeId?: string; onClose: (worker?: Worker) => void }) {
  const create = useCreateWorker();
  const intent = useIdempotencyKey();
  const [name, setName] = useState('');
  const [trade, setTrade] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(WorkerCreateRequestSchema, ['name', 'trade', 'phone']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog opens from within another form (Issued Tool); React carries a submit through the portal to it.
    event.stopPropagation();
    setError(null);
    const data = payload.check({ name, trade, phone, ...(storeId ? { storeId } : {}) });
    if (!data) return;
    try {
      const answer = await create.mutateAsync({ ...data, key: intent.key });
      intent.renew();
      setName('');
      setTrade('');
      setPhone('');
      onClose(answer.worker);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('workers.addFailed')));
    }
  }

  return (
    <Modal opened={opened} onClose={() => onClose()} title={t('movement.addWorker')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error ?? payload.summary?.text ?? null} />
        <TextInput
          label={t('workers.name')}
          error={payload.errorOf('name')}
          required
          value={name}
          onChange={intent.tracking((e) => setName(e.currentTarget.value))}
        />
        <TextInput
          label={t('workers.trade')}
          error={payload.errorOf('trade')}
          value={trade}
          onChange={intent.tracking((e) => setTrade(e.currentTarget.value))}
        />
        <TextInput
          label={t('workers.phone')}
          error={payload.errorOf('phone')}
          type="tel"
          value={phone}
          onChange={intent.tracking((e) => setPhone(e.currentTarget.value))}
        />
        <DialogButtons onCancel={() => onClose()} action={t('movement.addWorker')} isBusy={create.isPending} />
      </FormStack>
    </Modal>
  );
}
