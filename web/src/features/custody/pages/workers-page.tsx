import { Anchor, Badge, Button, Group, Stack, Switch, Title } from '@mantine/core';
import type { Worker } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { useUpdateWorker, useWorkers } from '../api/custody';
import { AddWorkerDialog } from '../components/lazy-custody-dialogs';

/** The workers of the caller's stores: add one, open one's page, mark one inactive or active again. */
export function WorkersPage() {
  const isAdmin = useRole() === 'admin';
  const [storeId, setStoreId] = useState<string | null>(null);
  const [includeInactive, setIncludeInactive] = useState(false);
  const workers = useWorkers({ storeId: storeId ?? undefined, includeInactive });
  const update = useUpdateWorker();
  const [isAdding, setAdding] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  async function setActive(worker: Worker, active: boolean) {
    try {
      const answer = await update.mutateAsync({ id: worker._id, active });
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('workers.updateFailed')) });
    }
  }

  return (
    <Stack p="md" gap="sm" maw={900} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('custody.workers')}</Title>
        <Button onClick={() => setAdding(true)} disabled={isAdmin && !storeId}>
          {t('movement.addWorker')}
        </Button>
      </Group>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <Switch
        label={t('workers.showInactive')}
        checked={includeInactive}
        onChange={(event) => setIncludeInactive(event.currentTarget.checked)}
      />
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={workers.isError ? messageOf(workers.error, t('attention.fetchFailed')) : null} />
      <DataTable<Worker>
        caption={t('custody.workers')}
        minWidth={520}
        isLoading={workers.isPending}
        rows={workers.data?.workers}
        rowKey={(worker) => worker._id}
        emptyText={t('workers.none')}
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
                  aria-label={t('workers.markInactive', { name: worker.name })}
                >
                  {t('stores.statuses.Active')}
                </Button>
              ) : (
                <Group gap={4}>
                  <Badge color="gray" variant="light">
                    {t('stores.statuses.Inactive')}
                  </Badge>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => void setActive(worker, true)}
                    aria-label={t('workers.markActive', { name: worker.name })}
                  >
                    {t('workers.reactivate')}
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
          if (worker) setNotice({ ok: true, text: t('workers.added', { name: worker.name }) });
        }}
      />
    </Stack>
  );
}
