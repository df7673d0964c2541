import { Button, Group, Select } from '@mantine/core';
import type { Worker } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/date-field';
import { keptTime } from '../../../lib/format';
import { useKeptList, useOnline } from '../../offline';
import { useWorkers } from '../api/custody';
import { AddWorkerDialog } from './lazy-custody-dialogs';

/** "Issued to" a worker of the store (or nobody) and when the tool is due back, with a quick "Add worker". */
export function CustodyFields(props: {
  storeId?: string;
  workerId: string | null;
  onWorker: (worker: { id: string; name: string } | null) => void;
  dueDay: string;
  onDueDay: (day: string) => void;
}) {
  const workers = useWorkers({ storeId: props.storeId });
  const isOnline = useOnline();
  // With no signal, the workers kept on the phone: a handover waits in the outbox like any movement.
  const { kept } = useKeptList<Worker>('workers', workers);
  const rows = kept ? kept.rows.filter((worker) => !props.storeId || worker.store._id === props.storeId) : (workers.data?.workers ?? []);
  const [isAdding, setAdding] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t('movement.issuedTo')}
          placeholder={t('movement.nobody')}
          searchable
          clearable
          description={kept ? t('movement.workersKeptAt', { time: keptTime(kept.syncedAt) }) : undefined}
          data={rows.map((worker) => ({
            value: worker._id,
            label: worker.trade ? `${worker.name} (${worker.trade})` : worker.name,
          }))}
          value={props.workerId}
          onChange={(id) => {
            const picked = rows.find((worker) => worker._id === id);
            props.onWorker(picked ? { id: picked._id, name: picked.name } : null);
          }}
        />
        <Button variant="light" onClick={() => setAdding(true)} disabled={!isOnline}>
          {t('movement.addWorker')}
        </Button>
      </Group>
      {props.workerId && (
        <DateField
          label={t('movement.dueBack')}
          description={t('movement.dueBackEmpty')}
          value={props.dueDay}
          onChange={(day) => props.onDueDay(day)}
        />
      )}
      <AddWorkerDialog
        opened={isAdding}
        storeId={props.storeId}
        onClose={(worker) => {
          setAdding(false);
          if (worker) props.onWorker({ id: worker._id, name: worker.name });
        }}
      />
    </>
  );
}
