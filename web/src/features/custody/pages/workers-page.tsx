import { Anchor, Badge, Button, Group, Stack, Switch, Title } from '@mantine/core';
import type { Worker } from '@stockyard/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
import { useUpdateWorker, useWorkers } from '../api/custody';
import { AddWorkerDialog } from '../components/add-worker-dialog';

/** The workers of the caller's stores: add one, open one's page, mark one inactive or active again. */
export function WorkersPage() {
  const isAdmin = useRole() === 'admin';
  const [storeId, setStoreId] = useState<string | null>(null);
  const [includeInactive, setIncludeInactive] = useState(false);
  const workers = useWorkers({ storeId: storeId ?? undefined, includeInactive });
  const update = useUpdateWorker();
  const [isAdding, setAdding] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);

  async function setActive(worker: Worker, active: boolean) {
    try {
      const answer = await update.mutateAsync({ id: worker._id, active });
      setNotice({ ok: true, text: answer.message });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, 'Failed to update the worker. Please try again.') });
    }
  }

  return (
    <Stack p="md" gap="sm" maw={900} mx="auto">
      <Group justify="space-between">
        <Title order={2}>Workers</Title>
        <Button onClick={() => setAdding(true)} disabled={isAdmin && !storeId}>
          Add worker
        </Button>
      </Group>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <Switch
        label="Show inactive workers"
        checked={includeInactive}
        onChange={(event) => setIncludeInactive(event.currentTarget.checked)}
      />
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={workers.isError ? messageOf(workers.error, 'Failed to fetch data. Please try again.') : null} />
      <DataTable<Worker>
        caption="Workers"
        minWidth={520}
        isLoading={workers.isPending}
        rows={workers.data?.workers}
        rowKey={(worker) => worker._id}
        emptyText="No workers yet."
        columns={[
          {
            header: 'Name',
            render: (worker) => (
              <Anchor component={Link} to={`/dashboard/workers/${worker._id}`}>
                {worker.name}
              </Anchor>
            ),
          },
          { header: 'Trade', render: (worker) => worker.trade },
          ...(isAdmin ? [{ header: 'Store', render: (worker: Worker) => worker.store.name }] : []),
          { header: 'Holds', render: (worker) => worker.holding, align: 'right' as const },
          {
            header: 'Status',
            render: (worker) =>
              worker.active ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void setActive(worker, false)}
                  aria-label={`Mark ${worker.name} inactive`}
                >
                  Active
                </Button>
              ) : (
                <Group gap={4}>
                  <Badge color="gray" variant="light">
                    Inactive
                  </Badge>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void setActive(worker, true)}
                    aria-label={`Mark ${worker.name} active`}
                  >
                    Reactivate
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <DownloadCsvButton
        path="/api/workers/csv"
        filters={{ storeId: storeId ?? undefined, includeInactive: includeInactive ? 'true' : undefined }}
        fileName="workers.csv"
      />
      <AddWorkerDialog
        opened={isAdding}
        storeId={storeId ?? undefined}
        onClose={(worker) => {
          setAdding(false);
          if (worker) setNotice({ ok: true, text: `${worker.name} added` });
        }}
      />
    </Stack>
  );
}
