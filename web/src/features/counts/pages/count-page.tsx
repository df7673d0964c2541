import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Count, type CountLine, countReasonsMissing } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
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
import { CountReviewCards } from '../components/count-review-cards';
import { signed } from '../components/signed';
import { STATUS_COLORS, timeOf } from './counts-page';

/** How many lines a phone draws at once; the search finds the rest. */
const LINES_SHOWN = 100;

/** Counting on a phone: search, then type each counted quantity; blind for a keeper. */
function CountingView({ count }: { count: Count }) {
  const [search, setSearch] = useState('');
  const { t } = useTranslation();
  const lines = count.lines.filter((line) => matchesSearch(search, line.name));
  return (
    <Stack gap={0}>
      <SearchInput value={search} onChange={setSearch} placeholder={t('counts.searchItem')} />
      {count.isBlind && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('counts.blindHelp')}
        </Text>
      )}
      {lines.slice(0, LINES_SHOWN).map((line) => (
        <CountLineRow key={line.itemId} countId={count._id} line={line} isBlind={count.isBlind} />
      ))}
      {lines.length > LINES_SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('counts.showing', { shown: LINES_SHOWN, total: lines.length })}
        </Text>
      )}
    </Stack>
  );
}

/** Below this width the review is a card per line: a table of six columns would be cut at the edge. */
const PHONE_QUERY = '(max-width: 36em)';

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
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { t } = useTranslation();
  if (isPhone) return <CountReviewCards count={count} reasons={reasons} onReason={onReason} />;
  return (
    <DataTable<CountLine>
      caption={t('counts.review')}
      minWidth={isOpen ? 720 : 560}
      isLoading={false}
      rows={count.lines}
      rowKey={(line) => line.itemId}
      emptyText={t('counts.noItems')}
      columns={[
        { header: 'Item', render: (line) => (line.unit ? `${line.name} (${line.unit})` : line.name) },
        { header: 'Expected', render: (line) => line.expected ?? '', align: 'right' },
        { header: 'Counted', render: (line) => line.counted ?? t('counts.notCounted'), align: 'right' },
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
                      aria-label={t('counts.reasonFor', { name: line.name })}
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
  const { t } = useTranslation();

  if (count.isPending) return <Text p="md">{t('common.loading')}</Text>;
  if (count.isError) return <ErrorAlert text={messageOf(count.error, t('attention.fetchFailed'))} />;
  const data = count.data;
  // Posting needs a reason for every difference: the screen names the lines still without one, to
  // whoever may post (a count beyond the tolerance waits for an admin, who gives the reasons).
  const missingReasons =
    data.status === 'submitted' && data.canPost
      ? data.lines.filter((line) => line.difference && !reasons[line.itemId]?.trim()).map((line) => line.name)
      : [];

  async function run(action: () => Promise<{ message: string }>) {
    try {
      setNotice({ ok: true, text: localMessage((await action()).message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('counts.somethingWrong')) });
    }
  }

  async function handlePost() {
    try {
      const answer = await post.mutateAsync({ reasons, key: postIntent.key });
      postIntent.renew();
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      postIntent.settle(caught);
      setNotice({ ok: false, text: messageOf(caught, t('counts.postFailed')) });
    }
  }

  return (
    <Stack p="md" gap="sm" maw={900} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{data.itemKind === 'material' ? t('counts.ofMaterials') : t('counts.ofTools')}</Title>
          <Text size="sm" c="dimmed">
            {t('counts.started', { store: data.store.name, when: timeOf(data.createdAt), by: data.createdBy?.name ?? t('common.na') })}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[data.status]} variant="light" size="lg">
          {t(`counts.statuses.${data.status}`)}
        </Badge>
      </Group>
      <Text size="sm" aria-live="polite">
        {t('counts.progress', { counted: data.countedCount, total: data.lineCount })}
        {data.closedAt &&
          ` · ${t(`counts.closed.${data.status}`, { when: timeOf(data.closedAt), by: data.closedBy?.name ?? t('common.na') })}`}
      </Text>
      <Notice value={notice} onClose={() => setNotice(null)} />
      {data.status === 'counting' ? (
        <CountingView count={data} />
      ) : (
        <ReviewView count={data} reasons={reasons} onReason={(itemId, text) => setReasons((old) => ({ ...old, [itemId]: text }))} />
      )}
      {missingReasons.length > 0 && (
        <Text size="sm" c="orange.9" role="note">
          {localMessage(countReasonsMissing(missingReasons))}
        </Text>
      )}
      {data.status === 'submitted' && !data.canPost && (
        <Alert color="yellow">{t('counts.beyondTolerance', { percent: data.tolerancePercent })}</Alert>
      )}
      <Group gap="xs">
        {data.status === 'counting' && <Button onClick={() => setConfirming('submit')}>{t('counts.submitCount')}</Button>}
        {data.status === 'submitted' && (
          <Button onClick={() => void handlePost()} loading={post.isPending} disabled={!data.canPost}>
            {t('counts.postCount')}
          </Button>
        )}
        <Button
          variant="default"
          onClick={() =>
            void run(async () => {
              await apiDownload(`/api/counts/${id}/pdf`, 'count-sheet.pdf');
              return { message: t('counts.sheetDownloaded') };
            })
          }
        >
          {t('counts.printSheet')}
        </Button>
        {(data.status === 'counting' || data.status === 'submitted') && (
          <Button variant="subtle" color="red" onClick={() => setConfirming('cancel')}>
            {t('counts.cancelCount')}
          </Button>
        )}
        <Button variant="subtle" component={Link} to="/dashboard/counts">
          {t('counts.all')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        message={
          confirming === 'submit' ? t('counts.confirmSubmit', { count: data.lineCount - data.countedCount }) : t('counts.confirmCancel')
        }
        confirmLabel={confirming === 'submit' ? t('counts.submit') : t('counts.cancelCount')}
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
