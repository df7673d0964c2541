import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
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
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>Transfers</Title>
        <Group gap="sm">
          <Anchor component={Link} to="/dashboard/requests" size="sm">
            Requests
          </Anchor>
          {isAdmin && (
            <Button size="xs" onClick={() => setIsCreating(true)}>
              New transfer
            </Button>
          )}
        </Group>
      </Group>
      <NewTransferDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Which transfers"
        value={view}
        onChange={(value) => setView(value as View)}
        data={[
          { value: 'in', label: 'Incoming' },
          { value: 'out', label: 'Outgoing' },
          { value: 'in_transit', label: 'In transit' },
          { value: 'written_off', label: 'Written off' },
        ]}
      />
      <ErrorAlert text={transfers.isError ? messageOf(transfers.error, 'Failed to fetch data. Please try again.') : null} />
      {transfers.isPending && 'Loading...'}
      {transfers.data && rows.length === 0 && <Text size="sm">No transfers here.</Text>}
      {rows.length > 0 && (view === 'in_transit' || view === 'written_off') && (
        <Text size="sm" fw={600}>
          {transfers.data?.total} {transfers.data?.total === 1 ? 'transfer' : 'transfers'} with goods{' '}
          {view === 'in_transit' ? 'on the way' : 'written off on the way'}
        </Text>
      )}
      <Stack gap={0} role="list" aria-label="Transfers">
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
                  {transfer.totals.inTransit} in transit
                </Text>
              )}
              {transfer.totals.lost > 0 && (
                <Text size="sm" c="red.8">
                  {transfer.totals.lost} written off
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
