import { Anchor, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import type { Custody } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { KeptAt, useKeptList } from '../../offline';
import { StoreSelect } from '../../stores';
import { type CustodyFilter, useCustody } from '../api/custody';
import { CustodyList } from '../components/custody-list';
import { CheckInDialog, DueDateDialog } from '../components/lazy-custody-dialogs';
import { useWaitingHandovers, WaitingHandovers } from '../components/waiting-handovers';

/**
 * Who has which tool: overdue first, days late in red, a check-in per row (read only for a store user).
 * A keeper with no signal sees the tools out kept on the phone and the hand-overs waiting to sync.
 */
export function ToolsOutPage() {
  const role = useRole();
  const [status, setStatus] = useState<NonNullable<CustodyFilter['status']>>('open');
  const [storeId, setStoreId] = useState<string | null>(null);
  const custody = useCustody({ status, storeId: storeId ?? undefined });
  const { kept } = useKeptList<Custody>(role === 'user' && status !== 'closed' ? 'custody' : undefined, custody);
  const records = kept ? kept.rows.filter((record) => status !== 'overdue' || record.isOverdue) : (custody.data?.custody ?? []);
  const canCheckIn = (role === 'admin' || role === 'user') && !kept;
  const waitingHandovers = useWaitingHandovers();
  const handovers = role === 'user' && status === 'open' ? waitingHandovers : [];
  const [checkingIn, setCheckingIn] = useState<Custody | null>(null);
  const [changingDue, setChangingDue] = useState<Custody | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('custody.title')}</Title>
        {role !== 'store-user' && (
          <Anchor component={Link} to="/dashboard/workers" size="sm">
            {t('custody.workers')}
          </Anchor>
        )}
      </Group>
      {role === 'admin' && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <SegmentedControl
        aria-label={t('custody.which')}
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        data={[
          { value: 'open', label: t('custody.out') },
          { value: 'overdue', label: t('custody.overdue') },
          { value: 'closed', label: t('custody.backTab') },
        ]}
      />
      <Notice value={notice} onClose={() => setNotice(null)} />
      <WaitingHandovers handovers={handovers} />
      {kept && <KeptAt syncedAt={kept.syncedAt} textKey="custody.keptAt" />}
      <ErrorAlert text={custody.isError && !kept ? messageOf(custody.error, t('attention.fetchFailed')) : null} />
      {custody.isPending && !kept ? (
        t('common.loading')
      ) : (
        <CustodyList
          records={records}
          showStore={role === 'admin'}
          // Hand-overs waiting to sync are out too: "No tools are out." would be wrong then.
          emptyText={status === 'closed' ? t('custody.noneBack') : handovers.length > 0 ? '' : t('custody.noneOut')}
          onCheckIn={canCheckIn ? setCheckingIn : undefined}
          onChangeDue={canCheckIn ? setChangingDue : undefined}
        />
      )}
      <DueDateDialog
        record={changingDue}
        onClose={(message) => {
          setChangingDue(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
      <CheckInDialog
        record={checkingIn}
        onClose={(message) => {
          setCheckingIn(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
      <DownloadCsvButton path="/api/custody/csv" filters={{ status, storeId: storeId ?? undefined }} fileName="tools-out.csv" />
    </Stack>
  );
}
