import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { RequestStatus, StockRequest } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { type ReasonAsk, ReasonDialog } from '../../../lib/reason-dialog';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores';
import { useDecideRequest, useRequests } from '../api/transfers';
import { ApproveDialog } from '../components/approve-dialog';

const STATUS_COLORS: Record<RequestStatus, string> = {
  submitted: 'orange',
  approved: 'blue',
  dispatched: 'blue',
  received: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** Requests to the warehouse: a keeper follows theirs; an admin approves (choosing the sending store) or rejects. */
export function RequestsPage() {
  const isAdmin = useRole() === 'admin';
  const [status, setStatus] = useState<'open' | RequestStatus>('submitted');
  const [storeId, setStoreId] = useState<string | null>(null);
  const requests = useRequests({ storeId: storeId ?? undefined, status: status === 'open' ? undefined : status });
  const decide = useDecideRequest();
  const [approving, setApproving] = useState<StockRequest | null>(null);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();
  const close = (message?: string) => {
    setApproving(null);
    setAsking(null);
    if (message) setNotice({ ok: true, text: localMessage(message) });
  };

  async function cancel(request: StockRequest) {
    try {
      close((await decide.mutateAsync({ id: request._id, action: 'cancel', key: newIdempotencyKey() })).message);
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('requests.cancelFailed')) });
    }
  }

  const rows = requests.data?.requests ?? [];
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('hub.requests')}</Title>
        <Anchor component={Link} to="/dashboard/transfers" size="sm">
          {t('hub.transfers')}
        </Anchor>
      </Group>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <SegmentedControl
        aria-label={t('requests.which')}
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        data={[
          { value: 'submitted', label: t('requests.waiting') },
          { value: 'approved', label: t('requests.statuses.approved') },
          { value: 'dispatched', label: t('requests.statuses.dispatched') },
          { value: 'open', label: t('requests.all') },
        ]}
      />
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={requests.isError ? messageOf(requests.error, t('attention.fetchFailed')) : null} />
      {requests.isPending && t('common.loading')}
      {requests.data && rows.length === 0 && <Text size="sm">{t('requests.none')}</Text>}
      <Stack gap={0} role="list" aria-label={t('hub.requests')}>
        {rows.map((request) => (
          <ListRow key={request._id} label={t('requests.of', { store: request.store.name })}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {request.store.name}
                </Text>
                <Badge color={STATUS_COLORS[request.status]} variant="light">
                  {t(`requests.statuses.${request.status}`)}
                </Badge>
              </Group>
              <Text size="sm">{request.lines.map((line) => `${line.quantity} ${line.unit} ${line.name}`).join(', ')}</Text>
              <Text size="xs" c="dimmed">
                {request.createdBy?.name ?? t('requests.someone')} · {dayAndTime(request.createdAt)}
                {request.reason && ` · ${t('requests.rejectedBecause', { reason: request.reason })}`}
              </Text>
              {request.transferId && (
                <Anchor component={Link} to={`/dashboard/transfers/${request.transferId}`} size="xs">
                  {t('requests.itsTransfer')}
                </Anchor>
              )}
            </Stack>
            <Stack gap={4} align="flex-end">
              {request.can.decide && (
                <>
                  <Button size="xs" onClick={() => setApproving(request)}>
                    {t('transfers.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      setAsking({
                        title: t('requests.rejectTitle'),
                        text: t('requests.rejectText', { store: request.store.name }),
                        action: t('requests.reject'),
                        run: async (reason, key) => (await decide.mutateAsync({ id: request._id, action: 'reject', reason, key })).message,
                      })
                    }
                  >
                    {t('requests.reject')}
                  </Button>
                </>
              )}
              {request.can.cancel && !isAdmin && (
                <Button size="xs" variant="default" onClick={() => void cancel(request)}>
                  {t('common.cancel')}
                </Button>
              )}
            </Stack>
          </ListRow>
        ))}
      </Stack>
      <ApproveDialog request={approving} onClose={close} />
      <ReasonDialog ask={asking} onClose={close} />
    </Stack>
  );
}
