import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TransferDetailResponse } from '@stockyard/contract';
import { MOVEMENT_KIND_LABELS } from '@stockyard/contract/messages';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useTransfer, useTransferAction } from '../api/transfers';
import { type ReasonAsk, ReasonDialog } from '../components/reason-dialog';
import { ReceiveForm } from '../components/receive-form';
import { TransferStatusBadge } from '../components/transfer-status-badge';

type Transfer = TransferDetailResponse['transfer'];

const FIGURES = [
  ['Sent', 'quantity'],
  ['Received', 'received'],
  ['Damaged', 'damaged'],
  ['Lost', 'lost'],
  ['In transit', 'inTransit'],
] as const;

/** Each line with its five figures side by side: readable on a phone without scrolling sideways. */
function Lines({ transfer }: { transfer: Transfer }) {
  return (
    <Stack gap={0} role="list" aria-label="Lines">
      {transfer.lines.map((line) => (
        <Stack
          key={line._id}
          gap={4}
          py="xs"
          role="listitem"
          aria-label={line.name}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" fw={600}>
            {line.name}{' '}
            <Text span size="xs" c="dimmed">
              {line.unit}
            </Text>
          </Text>
          <SimpleGrid cols={5} spacing={4}>
            {FIGURES.map(([label, field]) => (
              <Stack key={field} gap={0} align="flex-end">
                <Text size="xs" c="dimmed" ta="right">
                  {label}
                </Text>
                <Text
                  size="sm"
                  fw={field === 'inTransit' && line.inTransit > 0 ? 700 : undefined}
                  c={(field === 'damaged' || field === 'lost') && line[field] > 0 ? 'red.8' : undefined}
                >
                  {line[field]}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** One transfer: where from and to, its lines, what the caller may do next (dispatch, receive, close) and its history. */
export function TransferPage() {
  const { id = '' } = useParams();
  const detail = useTransfer(id);
  const act = useTransferAction();
  const [confirming, setConfirming] = useState<'dispatch' | 'cancel' | null>(null);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const transfer = detail.data?.transfer;

  async function run(action: 'dispatch' | 'cancel') {
    if (!transfer) return;
    try {
      setNotice({ ok: true, text: (await act.mutateAsync({ id: transfer._id, action, key: newIdempotencyKey() })).message });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, 'That did not work. Please try again.') });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Anchor component={Link} to="/dashboard/transfers" size="sm">
        ← Transfers
      </Anchor>
      <ErrorAlert text={detail.isError ? messageOf(detail.error, 'Failed to fetch data. Please try again.') : null} />
      {detail.isPending && 'Loading...'}
      {transfer && (
        <>
          <Group gap="xs">
            <Title order={2}>Transfer {transfer.reference}</Title>
            <TransferStatusBadge status={transfer.status} />
          </Group>
          <Text>
            {transfer.fromStore.name} → {transfer.toStore.name}
          </Text>
          <Text size="xs" c="dimmed">
            Made by {transfer.createdBy?.name ?? 'someone'} {dayAndTime(transfer.createdAt)}
            {transfer.dispatchedAt && ` · dispatched by ${transfer.dispatchedBy?.name ?? 'someone'} ${dayAndTime(transfer.dispatchedAt)}`}
            {transfer.closedAt && transfer.closeReason && ` · closed by ${transfer.closedBy?.name ?? 'someone'}: ${transfer.closeReason}`}
          </Text>
          <Notice value={notice} onClose={() => setNotice(null)} />
          <Lines transfer={transfer} />
          <Group>
            {transfer.can.dispatch && <Button onClick={() => setConfirming('dispatch')}>Dispatch</Button>}
            {transfer.can.cancel && (
              <Button variant="default" onClick={() => setConfirming('cancel')}>
                Cancel transfer
              </Button>
            )}
            {transfer.can.close && (
              <Button
                variant="default"
                color="red"
                onClick={() =>
                  setAsking({
                    title: 'Close transfer',
                    text: `The ${transfer.totals.inTransit} still in transit will be written off as lost on the way. Neither store's stock changes.`,
                    action: 'Write off and close',
                    run: async (reason, key) => (await act.mutateAsync({ id: transfer._id, action: 'close', reason, key })).message,
                  })
                }
              >
                Close and write off
              </Button>
            )}
          </Group>
          {transfer.can.receive && <ReceiveForm transfer={transfer} onDone={(text) => setNotice({ ok: true, text })} />}
          <Title order={3} size="h4">
            History
          </Title>
          {(detail.data?.history ?? []).length === 0 && <Text size="sm">Nothing has moved yet.</Text>}
          <Stack gap={0} role="list" aria-label="History">
            {(detail.data?.history ?? []).map((row) => (
              <ListRow key={row._id} label={MOVEMENT_KIND_LABELS[row.kind as keyof typeof MOVEMENT_KIND_LABELS] ?? row.kind}>
                <Stack gap={2}>
                  <Text size="sm">
                    {MOVEMENT_KIND_LABELS[row.kind as keyof typeof MOVEMENT_KIND_LABELS] ?? row.kind}: {row.quantity} {row.itemName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.storeName} · {row.actor ?? 'someone'} · {dayAndTime(row.at)}
                  </Text>
                </Stack>
              </ListRow>
            ))}
          </Stack>
        </>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        message={
          confirming === 'dispatch'
            ? `Dispatch ${transfer?.reference}? Its goods leave ${transfer?.fromStore.name} now and are in transit until ${transfer?.toStore.name} receives them.`
            : `Cancel ${transfer?.reference}? Nothing has moved yet.`
        }
        confirmLabel={confirming === 'dispatch' ? 'Dispatch' : 'Cancel transfer'}
        isBusy={act.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
      <ReasonDialog
        ask={asking}
        onClose={(message) => {
          setAsking(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
    </Stack>
  );
}
