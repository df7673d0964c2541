import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { type TransferFilter, useTransfers } from '../api/transfers';
import { NewTransferDialog } from '../components/new-transfer-dialog';
import { TransferStatusBadge } from '../components/transfer-status-badge';

type View = 'in' | 'out' | 'in_transit' | 'written_off';
const FILTERS: Record<View, TransferFilter> = {
  in: { direction: 'in' },
  out: { direction: 'out' },
  in_transit: { open: 'in_transit' },
  written_off: { open: 'written_off' },
};

/**
 * Transfers of the caller's stores: incoming and outgoing for a keeper; for an admin also the
 * company's goods in transit and those written off on the way.
 */
export function TransfersPage() {
  const isAdmin = useRole() === 'admin';
  const [view, setView] = useState<View>('in');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const transfers = useTransfers({ ...FILTERS[view], storeId: storeId ?? undefined });
  const rows = transfers.data?.transfers ?? [];
  const { t } = useTranslation();
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('hub.transfers')}</Title>
        <Group gap="sm">
          <Anchor component={Link} to="/dashboard/requests" size="sm">
            {t('hub.requests')}
          </Anchor>
          {isAdmin && (
            <Button size="xs" onClick={() => setIsCreating(true)}>
              {t('transfers.new')}
            </Button>
          )}
        </Group>
      </Group>
      <NewTransferDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('transfers.which')}
        value={view}
        onChange={(value) => setView(value as View)}
        data={[
          { value: 'in', label: t('transfers.incoming') },
          { value: 'out', label: t('transfers.outgoing') },
          { value: 'in_transit', label: t('transfers.statuses.dispatched') },
          { value: 'written_off', label: t('transfers.writtenOff') },
        ]}
      />
      <ErrorAlert text={transfers.isError ? messageOf(transfers.error, t('attention.fetchFailed')) : null} />
      {transfers.isPending && t('common.loading')}
      {transfers.data && rows.length === 0 && <Text size="sm">{t('transfers.none')}</Text>}
      {rows.length > 0 && (view === 'in_transit' || view === 'written_off') && (
        <Text size="sm" fw={600}>
          {view === 'in_transit'
            ? t('transfers.withGoodsOnTheWay', { count: transfers.data?.total ?? 0 })
            : t('transfers.withGoodsWrittenOff', { count: transfers.data?.total ?? 0 })}
        </Text>
      )}
      <Stack gap={0} role="list" aria-label={t('hub.transfers')}>
        {rows.map((transfer) => (
          <ListRow key={transfer._id} label={transfer.reference}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Anchor component={Link} to={`/dashboard/transfers/${transfer._id}`} fw={600} size="sm">
                  {transfer.reference}
                </Anchor>
                <TransferStatusBadge status={transfer.status} />
              </Group>
              <Text size="sm">
                {transfer.fromStore.name} → {transfer.toStore.name}
              </Text>
              <Text size="xs" c="dimmed">
                {transfer.lines.map((line) => `${line.quantity} ${line.unit} ${line.name}`.trim()).join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                {dayAndTime(transfer.dispatchedAt ?? transfer.createdAt)}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              {transfer.totals.inTransit > 0 && (
                <Text size="sm" fw={600}>
                  {t('transfers.inTransitCount', { count: transfer.totals.inTransit })}
                </Text>
              )}
              {transfer.totals.lost > 0 && (
                <Text size="sm" c="red.8">
                  {t('transfers.writtenOffCount', { count: transfer.totals.lost })}
                </Text>
              )}
            </Stack>
          </ListRow>
        ))}
      </Stack>
      <DownloadCsvButton path="/api/transfers/csv" filters={{ ...FILTERS[view], storeId: storeId ?? undefined }} fileName="transfers.csv" />
    </Stack>
  );
}
