import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import type { CountStatus, CountSummary } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { ErrorAlert } from '../../../lib/error-alert';
import { ddmmyyyy } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { useCounts, useStartCount } from '../api/counts';

export const STATUS_COLORS: Record<CountStatus, string> = { counting: 'blue', submitted: 'orange', posted: 'green', cancelled: 'gray' };

export function timeOf(iso: string | null): string {
  return iso ? `${ddmmyyyy(iso)} ${new Date(iso).toTimeString().slice(0, 5)}` : '';
}

/** Starts a count of a store's materials or tools (an admin picks the store). */
function StartCountForm() {
  const isAdmin = useRole() === 'admin';
  const start = useStartCount();
  const intent = useIdempotencyKey();
  const navigate = useNavigate();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [itemKind, setItemKind] = useState<'material' | 'tool'>('material');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isAdmin && !storeId) {
      setError(t('stores.choose'));
      return;
    }
    try {
      const answer = await start.mutateAsync({ itemKind, ...(storeId ? { storeId } : {}), key: intent.key });
      intent.renew();
      void navigate(`/dashboard/counts/${answer.count._id}`);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, t('counts.startFailed')));
    }
  }

  return (
    <Card withBorder component="form" onSubmit={handleSubmit} aria-label={t('counts.start')}>
      <Stack gap="sm">
        <ErrorAlert text={error} />
        {isAdmin && <StoreSelect value={storeId} onChange={intent.tracking(setStoreId)} />}
        <SegmentedControl
          aria-label={t('counts.whatToCount')}
          value={itemKind}
          onChange={intent.tracking((value: string) => setItemKind(value as 'material' | 'tool'))}
          data={[
            { value: 'material', label: t('counts.allMaterials') },
            { value: 'tool', label: t('counts.allTools') },
          ]}
        />
        <Button type="submit" loading={start.isPending}>
          {t('counts.startButton')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The stock counts of the caller's stores, newest first, and a form to start one. */
export function CountsPage() {
  const counts = useCounts();
  const { t } = useTranslation();
  return (
    <Stack p="md" gap="md" maw={900} mx="auto">
      <Title order={2}>{t('counts.title')}</Title>
      <StartCountForm />
      <ErrorAlert text={counts.isError ? messageOf(counts.error, t('attention.fetchFailed')) : null} />
      <DataTable<CountSummary>
        caption={t('counts.title')}
        minWidth={520}
        isLoading={counts.isPending}
        rows={counts.data?.counts}
        rowKey={(count) => count._id}
        emptyText={t('counts.none')}
        columns={[
          {
            header: 'Started',
            render: (count) => (
              <Anchor component={Link} to={`/dashboard/counts/${count._id}`}>
                {timeOf(count.createdAt)}
              </Anchor>
            ),
          },
          { header: 'Store', render: (count) => count.store.name },
          { header: 'Of', render: (count) => (count.itemKind === 'material' ? t('nav.materials') : t('nav.tools')) },
          {
            header: 'Counted',
            render: (count) => t('counts.countedOf', { counted: count.countedCount, total: count.lineCount }),
            align: 'right',
          },
          {
            header: 'Status',
            render: (count) => (
              <Group gap={4}>
                <Badge color={STATUS_COLORS[count.status]} variant="light">
                  {t(`counts.statuses.${count.status}`)}
                </Badge>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
