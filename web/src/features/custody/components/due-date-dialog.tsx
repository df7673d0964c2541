import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import type { Custody } from '@stockyard/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { FormStack } from '../../../lib/form-stack';
import { dayAndTime } from '../../../lib/format';
import { useChangeDue } from '../api/custody';

/** Moves when a worker's tools are due back: the end of the store's working day on the day chosen. */
export function DueDateDialog({ record, onClose }: { record: Custody | null; onClose: (message?: string) => void }) {
  const change = useChangeDue();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts empty for each record
  useEffect(() => {
    setDay('');
    setError(null);
  }, [record]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!record) return;
    if (!day) return setError('Please choose a day.');
    try {
      onClose((await change.mutateAsync({ id: record._id, dueAt: day })).message);
    } catch (caught) {
      setError(messageOf(caught, 'Failed to change the due date. Please try again.'));
    }
  }

  return (
    <Modal opened={record !== null} onClose={() => onClose()} title="Change due date" centered>
      <FormStack onSubmit={handleSubmit}>
        <ErrorAlert text={error} />
        {record && (
          <Text size="sm">
            {record.outstanding} × {record.tool.name} with {record.worker.name}, due {dayAndTime(record.dueAt)}
          </Text>
        )}
        <TextInput type="date" label="Due back on" value={day} onChange={(event) => setDay(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}
