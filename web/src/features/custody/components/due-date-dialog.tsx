import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { type Custody, CustodyDueRequestSchema } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { dayAndTime } from '../../../lib/format';
import { parsePayload } from '../../../lib/validation';
import { useChangeDue } from '../api/custody';

/** Moves when a worker's tools are due back: the end of the store's working day on the day chosen. */
export function DueDateDialog({ record, onClose }: { record: Custody | null; onClose: (message?: string) => void }) {
  const change = useChangeDue();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts empty for each record
  useEffect(() => {
    setDay('');
    setError(null);
  }, [record]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!record) return;
    if (!day) return setError(t('custody.chooseDay'));
    const parsed = parsePayload(CustodyDueRequestSchema, { dueAt: day });
    if ('problem' in parsed) return setError(parsed.problem);
    try {
      onClose(localMessage((await change.mutateAsync({ id: record._id, dueAt: parsed.data.dueAt })).message));
    } catch (caught) {
      setError(messageOf(caught, t('custody.dueFailed')));
    }
  }

  return (
    <Modal opened={record !== null} onClose={() => onClose()} title={t('custody.changeDue')} centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {record && (
          <Text size="sm">
            {t('custody.withDue', {
              count: record.outstanding,
              tool: record.tool.name,
              worker: record.worker.name,
              when: dayAndTime(record.dueAt),
            })}
          </Text>
        )}
        <TextInput type="date" label={t('custody.dueBackOn')} value={day} onChange={(event) => setDay(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('custody.change')}
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
