import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Custody } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useCustody, useWorker } from '../api/custody';
import { CustodyList } from '../components/custody-list';
import { CheckInDialog } from '../components/lazy-custody-dialogs';

/** One worker: what they hold now, and everything they were ever given and how it came back. */
export function WorkerPage() {
  const { id = '' } = useParams();
  const worker = useWorker(id);
  const custody = useCustody({ workerId: id });
  const [checkingIn, setCheckingIn] = useState<Custody | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  if (worker.isError) return <ErrorAlert text={messageOf(worker.error, t('attention.fetchFailed'))} />;
  const records = custody.data?.custody ?? [];
  const holding = records.filter((record) => record.status === 'open');
  const back = records.filter((record) => record.status === 'closed');
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{worker.data?.name ?? t('workers.worker')}</Title>
          <Text size="sm" c="dimmed">
            {[worker.data?.trade, worker.data?.phone, worker.data?.store.name].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {worker.data && !worker.data.active && (
          <Badge color="gray" variant="light">
            {t('stores.statuses.Inactive')}
          </Badge>
        )}
      </Group>
      <Notice value={notice} onClose={() => setNotice(null)} />
      <Title order={3} size="h4">
        {worker.data ? t('workers.holdsNowCount', { count: worker.data.holding }) : t('workers.holdsNow')}
      </Title>
      <CustodyList records={holding} showWorker={false} emptyText={t('workers.holdsNone')} onCheckIn={setCheckingIn} />
      <Title order={3} size="h4">
        {t('workers.givenAndReturned')}
      </Title>
      <CustodyList records={back} showWorker={false} emptyText={t('workers.noneReturned')} />
      <Anchor component={Link} to="/dashboard/toolsout" size="sm">
        {t('workers.allToolsOut')}
      </Anchor>
      <CheckInDialog
        record={checkingIn}
        onClose={(message) => {
          setCheckingIn(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
    </Stack>
  );
}
