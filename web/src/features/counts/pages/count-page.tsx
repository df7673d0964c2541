import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { COUNT_STATUS_LABELS, type Count, type CountLine } from '@stockyard/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiDownload, messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DataTable } from '../../../lib/data-table';
import { ErrorAlert } from '../../../lib/error-alert';
import { matchesSearch } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { SearchInput } from '../../../lib/search-box';
import { useCount, useCountAction, usePostCount } from '../api/counts';
import { CountLineRow } from '../components/count-line-row';
import { STATUS_COLORS, timeOf } from './counts-page';

/** How many lines a phone draws at once; the search finds the rest. */
const LINES_SHOWN = 100;

function signed(value: number | null): string {
  if (value === null) return '';
  return value > 0 ? `+${value}` : String(value);
}

/** Counting on a phone: search, then type each counted quantity; blind for a keeper. */
function CountingView({ count }: { count: Count }) {
  const [search, setSearch] = useState('');
  const lines = count.lines.filter((line) => matchesSearch(search, line.name));
  return (
    <Stack gap={0}>
      <SearchInput value={search} onChange={setSearch} placeholder="Search by item name" />
      {count.isBlind && (
        <Text size="xs" c="dimmed" mb="xs">
          Count what is on the shelf: the quantities on the books are shown after the count is submitted.
        </Text>
      )}
      {lines.slice(0, LINES_SHOWN).map((line) => (
        <CountLineRow key={line.itemId} countId={count._id} line={line} isBlind={count.isBlind} />
      ))}
      {lines.length > LINES_SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          Showing {LINES_SHOWN} of {lines.length} items: search to find the others.
        </Text>
      )}
    </Stack>
  );
}

/** The review of a submitted count: each difference with a reason, then posting. */
function ReviewView({
  count,
  reasons,
  onReason,
}: {
  count: Count;
  reasons: Record<string, string>;
  onReason: (id: string, text: string) => void;
}) {
  const isOpen = count.status === 'submitted';
  return (
    <DataTable<CountLine>
      caption="Count review"
      minWidth={isOpen ? 720 : 560}
      isLoading={false}
      rows={count.lines}
      rowKey={(line) => line.itemId}
      emptyText="No items."
      columns={[
        { header: 'Item', render: (line) => (line.unit ? `${line.name} (${line.unit})` : line.name) },
        { header: 'Expected', render: (line) => line.expected ?? '', align: 'right' },
        { header: 'Counted', render: (line) => line.counted ?? 'Not counted', align: 'right' },
        {
          header: 'Difference',
          render: (line) => (
            <Text c={line.difference ? 'red.8' : undefined} size="sm">
              {signed(line.difference)}
            </Text>
          ),
          align: 'right',
        },
        {
          header: 'Moved since',
          render: (line) => (line.movementsSince ? `${signed(line.movedSince)} (${line.movementsSince})` : ''),
          align: 'right',
        },
        ...(isOpen
          ? [
              {
                header: 'Reason',
                render: (line: CountLine) =>
                  line.difference ? (
                    <TextInput
                      size="xs"
                      aria-label={`Reason for ${line.name}`}
                      value={reasons[line.itemId] ?? ''}
                      onChange={(event) => onReason(line.itemId, event.currentTarget.value)}
                    />
                  ) : null,
              },
            ]
          : count.status === 'posted'
            ? [{ header: 'Reason', render: (line: CountLine) => line.reason ?? '' }]
            : []),
      ]}
    />
  );
}

export function CountPage() {
  const { id = '' } = useParams();
  const count = useCount(id);
  const submit = useCountAction(id, 'submit');
  const cancel = useCountAction(id, 'cancel');
  const post = usePostCount(id);
  const postIntent = useIdempotencyKey();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [confirming, setConfirming] = useState<'submit' | 'cancel' | null>(null);

  if (count.isPending) return <Text p="md">Loading...</Text>;
  if (count.isError) return <ErrorAlert text={messageOf(count.error, 'Failed to fetch data. Please try again.')} />;
  const data = count.data;

  async function run(action: () => Promise<{ message: string }>) {
    try {
      setNotice({ ok: true, text: (await action()).message });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, 'Something went wrong. Please try again.') });
    }
  }

  async function handlePost() {
    try {
      const answer = await post.mutateAsync({ reasons, key: postIntent.key });
      postIntent.renew();
      setNotice({ ok: true, text: answer.message });
    } catch (caught) {
      postIntent.settle(caught);
      setNotice({ ok: false, text: messageOf(caught, 'Failed to post the count. Please try again.') });
    }
  }

  const kind = data.itemKind === 'material' ? 'materials' : 'tools';
  return (
    <Stack p="md" gap="sm" maw={900} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>Count of {kind}</Title>
          <Text size="sm" c="dimmed">
            {data.store.name} · started {timeOf(data.createdAt)} by {data.createdBy?.name ?? 'N/A'}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[data.status]} variant="light" size="lg">
          {COUNT_STATUS_LABELS[data.status]}
        </Badge>
      </Group>
      <Text size="sm" aria-live="polite">
        {data.countedCount} of {data.lineCount} counted
        {data.closedAt &&
          ` · ${COUNT_STATUS_LABELS[data.status].toLowerCase()} ${timeOf(data.closedAt)} by ${data.closedBy?.name ?? 'N/A'}`}
      </Text>
      <Notice value={notice} onClose={() => setNotice(null)} />
      {data.status === 'counting' ? (
        <CountingView count={data} />
      ) : (
        <ReviewView count={data} reasons={reasons} onReason={(itemId, text) => setReasons((old) => ({ ...old, [itemId]: text }))} />
      )}
      {data.status === 'submitted' && !data.canPost && (
        <Alert color="yellow">
          A difference is beyond this store's count tolerance of {data.tolerancePercent}%: an admin posts this count.
        </Alert>
      )}
      <Group gap="xs">
        {data.status === 'counting' && <Button onClick={() => setConfirming('submit')}>Submit count</Button>}
        {data.status === 'submitted' && (
          <Button onClick={() => void handlePost()} loading={post.isPending} disabled={!data.canPost}>
            Post count
          </Button>
        )}
        <Button
          variant="default"
          onClick={() =>
            void run(async () => {
              await apiDownload(`/api/counts/${id}/pdf`, 'count-sheet.pdf');
              return { message: 'Count sheet downloaded.' };
            })
          }
        >
          Print count sheet
        </Button>
        {(data.status === 'counting' || data.status === 'submitted') && (
          <Button variant="subtle" color="red" onClick={() => setConfirming('cancel')}>
            Cancel count
          </Button>
        )}
        <Button variant="subtle" component={Link} to="/dashboard/counts">
          All counts
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        message={
          confirming === 'submit'
            ? `Submit the count? ${data.lineCount - data.countedCount} items are not counted and will not be adjusted.`
            : 'Cancel this count? Nothing will be adjusted.'
        }
        confirmLabel={confirming === 'submit' ? 'Submit' : 'Cancel count'}
        isBusy={submit.isPending || cancel.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming === 'submit' ? submit : cancel;
          setConfirming(null);
          void run(() => action.mutateAsync());
        }}
      />
    </Stack>
  );
}
