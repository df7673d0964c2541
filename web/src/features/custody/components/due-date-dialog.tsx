import { Text } from '@mantine/core';
import { type Custody, CustodyDueRequestSchema } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DateField } from '../../../lib/date-field';
import { DialogButtons, DialogFor } from '../../../lib/dialog-for';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { dayAndTime } from '../../../lib/format';
import { usePayloadCheck } from '../../../lib/validation';
import { useChangeDue } from '../api/custody';

/** Moves when a worker's tools are due back: the end of the store's working day on the day chosen. */
export function DueDateDialog({ record, onClose }: { record: Custody | null; onClose: (message?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DialogFor subject={record} keyOf={(subject) => subject._id} title={() => t('custody.changeDue')} onClose={() => onClose()}>
      {(subject) => <DueDateForm record={subject} onClose={onClose} />}
    </DialogFor>
  );
}

function DueDateForm({ record, onClose }: { record: Custody; onClose: (message?: string) => void }) {
  const change = useChangeDue();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payload = usePayloadCheck(CustodyDueRequestSchema, ['dueAt']);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!day) return setError(t('custody.chooseDay'));
    const data = payload.check({ dueAt: day });
    if (!data) return;
    try {
      onClose(localMessage((await change.mutateAsync({ id: record._id, dueAt: data.dueAt })).message));
    } catch (caught) {
      setError(messageOf(caught, t('custody.dueFailed')));
    }
  }

  return (
    <FormStack onSubmit={handleSubmit}>
      <ErrorAlert text={error ?? payload.summary?.text ?? null} />
      <Text size="sm">
        {t('custody.withDue', {
          count: record.outstanding,
          tool: record.tool.name,
          worker: record.worker.name,
          when: dayAndTime(record.dueAt),
        })}
      </Text>
      <DateField label={t('custody.dueBackOn')} error={payload.errorOf('dueAt')} value={day} onChange={setDay} />
      <DialogButtons onCancel={() => onClose()} action={t('custody.change')} isBusy={change.isPending} />
    </FormStack>
  );
}
