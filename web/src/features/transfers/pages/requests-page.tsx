import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { RequestStatus, StockRequest } from '@stockyard/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { StoreSelect } from '../../stores/components/store-select';
import { useDecideRequest, useRequests } from '../api/transfers';
import { ApproveDialog } from '../components/approve-dialog';
import { type ReasonAsk, ReasonDialog } from '../components/reason-dialog';

const STATUS_LABELS: Record<RequestStatus, { label: string; color: string }> = {
  submitted: { label: 'Waiting for approval', color: 'orange' },
  approved: { label: 'Approved', color: 'blue' },
  dispatched: { label: 'On the way', color: 'blue' },
  received: { label: 'Received', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
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
  const close = (message?: string) => {
    setApproving(null);
    setAsking(null);
    if (message) setNotice({ ok: true, text: message });
  };

  async function cancel(request: StockRequest) {
    try {
      close((await decide.mutateAsync({ id: request._id, action: 'cancel', key: newIdempotencyKey() })).message);
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, 'Failed to cancel the request. Please try again.') });
    }
  }

  const rows = requests.data?.requests ?? [];
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>Requests</Title>
        <Anchor component={Link} to="/dashboard/transfers" size="sm">
          Transfers
        </Anchor>
      </Group>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <SegmentedControl
        aria-label="Which requests"
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        data={[
          { value: 'submitted', label: 'Waiting' },
          { value: 'approved', label: 'Approved' },
          { value: 'dispatched', label: 'On the way' },
          { value: 'open', label: 'All' },
        ]}
      />
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={requests.isError ? messageOf(requests.error, 'Failed to fetch data. Please try again.') : null} />
      {requests.isPending && 'Loading...'}
      {requests.data && rows.length === 0 && <Text size="sm">No requests here.</Text>}
      <Stack gap={0} role="list" aria-label="Requests">
        {rows.map((request) => (
          <ListRow key={request._id} label={`Request of ${request.store.name}`}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {request.store.name}
                </Text>
                <Badge color={STATUS_LABELS[request.status].color} variant="light">
                  {STATUS_LABELS[request.status].label}
                </Badge>
              </Group>
              <Text size="sm">{request.lines.map((line) => `${line.quantity} ${line.unit} ${line.name}`).join(', ')}</Text>
              <Text size="xs" c="dimmed">
                {request.createdBy?.name ?? 'Someone'} · {dayAndTime(request.createdAt)}
                {request.reason && ` · Rejected: ${request.reason}`}
              </Text>
              {request.transferId && (
                <Anchor component={Link} to={`/dashboard/transfers/${request.transferId}`} size="xs">
                  Its transfer
                </Anchor>
              )}
            </Stack>
            <Stack gap={4} align="flex-end">
              {request.can.decide && (
                <>
                  <Button size="xs" onClick={() => setApproving(request)}>
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      setAsking({
                        title: 'Reject request',
                        text: `The keepers of ${request.store.name} will see why.`,
                        action: 'Reject',
                        run: async (reason, key) => (await decide.mutateAsync({ id: request._id, action: 'reject', reason, key })).message,
                      })
                    }
                  >
                    Reject
                  </Button>
                </>
              )}
              {request.can.cancel && !isAdmin && (
                <Button size="xs" variant="default" onClick={() => void cancel(request)}>
                  Cancel
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
