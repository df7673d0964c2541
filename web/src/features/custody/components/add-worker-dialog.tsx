import { Button, Group, Modal, TextInput } from '@mantine/core';
import { type Worker, WorkerCreateRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { parsePayload } from '../../../lib/validation';
import { useCreateWorker } from '../api/custody';

/** Adds a worker (name, trade, phone) to a store; a keeper's own store when none is given. */
export function AddWorkerDialog({ opened, storeId, onClose }: { opened: boolean; storeId?: string; onClose: (worker?: Worker) => void }) {
  const create = useCreateWorker();
  const intent = useIdempotencyKey();
  const [name, setName] = useState('');
  const [trade, setTrade] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog opens from within another form (Issued Tool); React carries a submit through the portal to it.
    event.stopPropagation();
    const parsed = parsePayload(WorkerCreateRequestSchema, { name, trade, phone, ...(storeId ? { storeId } : {}) });
    if ('problem' in parsed) {
      setError(parsed.problem);
      return;
    }
    try {
      const answer = await create.mutateAsync({ ...parsed.data, key: intent.key });
      intent.renew();
      setName('');
      setTrade('');
      setPhone('');
      setError(null);
      onClose(answer.worker);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('workers.addFailed')));
    }
  }

  return (
    <Modal opened={opened} onClose={() => onClose()} title={t('movement.addWorker')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        <TextInput label={t('workers.name')} required value={name} onChange={intent.tracking((e) => setName(e.currentTarget.value))} />
        <TextInput label={t('workers.trade')} value={trade} onChange={intent.tracking((e) => setTrade(e.currentTarget.value))} />
        <TextInput label={t('workers.phone')} type="tel" value={phone} onChange={intent.tracking((e) => setPhone(e.currentTarget.value))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('movement.addWorker')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
