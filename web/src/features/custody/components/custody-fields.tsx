import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useWorkers } from '../api/custody';
import { AddWorkerDialog } from './add-worker-dialog';

/** "Issued to" a worker of the store (or nobody) and when the tool is due back, with a quick "Add worker". */
export function CustodyFields(props: {
  storeId?: string;
  workerId: string | null;
  onWorker: (id: string | null) => void;
  dueDay: string;
  onDueDay: (day: string) => void;
}) {
  const workers = useWorkers({ storeId: props.storeId });
  const [isAdding, setAdding] = useState(false);
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label="Issued to"
          placeholder="Nobody in particular"
          searchable
          clearable
          data={(workers.data?.workers ?? []).map((worker) => ({
            value: worker._id,
            label: worker.trade ? `${worker.name} (${worker.trade})` : worker.name,
          }))}
          value={props.workerId}
          onChange={props.onWorker}
        />
        <Button variant="light" onClick={() => setAdding(true)}>
          Add worker
        </Button>
      </Group>
      {props.workerId && (
        <TextInput
          type="date"
          label="Due back"
          description="Left empty: the end of today's working day."
          value={props.dueDay}
          onChange={(event) => props.onDueDay(event.currentTarget.value)}
        />
      )}
      <AddWorkerDialog
        opened={isAdding}
        storeId={props.storeId}
        onClose={(worker) => {
          setAdding(false);
          if (worker) props.onWorker(worker._id);
        }}
      />
    </>
  );
}
