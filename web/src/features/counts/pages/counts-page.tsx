import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { COUNT_STATUS_LABELS, type CountStatus, type CountSummary } from '@stockyard/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { DataTable } from '../../../lib/data-table';
import { ErrorAlert } from '../../../lib/error-alert';
import { ddmmyyyy } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
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

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isAdmin && !storeId) {
      setError('Please choose a store.');
      return;
    }
    try {
      const answer = await start.mutateAsync({ itemKind, ...(storeId ? { storeId } : {}), key: intent.key });
      intent.renew();
      void navigate(`/dashboard/counts/${answer.count._id}`);
    } catch (caught) {
      intent.settle(caught);
      setError(messageOf(caught, 'Failed to start the count. Please try again.'));
    }
  }

  return (
    <Card withBorder component="form" onSubmit={handleSubmit} aria-label="Start a count">
      <Stack gap="sm">
        <ErrorAlert text={error} />
        {isAdmin && <StoreSelect value={storeId} onChange={intent.tracking(setStoreId)} />}
        <SegmentedControl
          aria-label="What to count"
          value={itemKind}
          onChange={intent.tracking((value: string) => setItemKind(value as 'material' | 'tool'))}
          data={[
            { value: 'material', label: 'All materials' },
            { value: 'tool', label: 'All tools' },
          ]}
        />
        <Button type="submit" loading={start.isPending}>
          Start count
        </Button>
      </Stack>
    </Card>
  );
}

/** The stock counts of the caller's stores, newest first, and a form to start one. */
export function CountsPage() {
  const counts = useCounts();
  return (
    <Stack p="md" gap="md" maw={900} mx="auto">
      <Title order={2}>Stock counts</Title>
      <StartCountForm />
      <ErrorAlert text={counts.isError ? messageOf(counts.error, 'Failed to fetch data. Please try again.') : null} />
      <DataTable<CountSummary>
        caption="Stock counts"
        minWidth={520}
        isLoading={counts.isPending}
        rows={counts.data?.counts}
        rowKey={(count) => count._id}
        emptyText="No counts yet."
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
          { header: 'Of', render: (count) => (count.itemKind === 'material' ? 'Materials' : 'Tools') },
          { header: 'Counted', render: (count) => `${count.countedCount} of ${count.lineCount}`, align: 'right' },
          {
            header: 'Status',
            render: (count) => (
              <Group gap={4}>
                <Badge color={STATUS_COLORS[count.status]} variant="light">
                  {COUNT_STATUS_LABELS[count.status]}
                </Badge>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
