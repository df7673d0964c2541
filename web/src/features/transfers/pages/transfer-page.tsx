import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TransferDetailResponse } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { apiDownload, messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { LineFigures } from '../../../lib/line-figures';
import { ListRow } from '../../../lib/list-row';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { type ReasonAsk, ReasonDialog } from '../../../lib/reason-dialog';
import { AttachmentThumbs, PhotoField, uploadedPhotos } from '../../files';
import { useTransfer, useTransferAction } from '../api/transfers';
import { ReceiveForm } from '../components/receive-form';
import { TransferStatusBadge } from '../components/transfer-status-badge';

type Transfer = TransferDetailResponse['transfer'];

const FIGURES = [
  ['transfers.sent', 'quantity'],
  ['transfers.received', 'received'],
  ['checkIn.damaged', 'damaged'],
  ['checkIn.lost', 'lost'],
  ['transfers.statuses.dispatched', 'inTransit'],
] as const;

/** Each line with its five figures side by side: what was sent, what arrived, and what is still on its way. */
function Lines({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  return (
    <LineFigures<Transfer['lines'][number]>
      lines={transfer.lines}
      label={t('transfers.lines')}
      detailOf={(line) => line.unit}
      figures={FIGURES.map(([label, field]) => ({
        label: t(label),
        value: (line) => line[field],
        isStrong: (line) => field === 'inTransit' && line.inTransit > 0,
        isWarning: (line) => (field === 'damaged' || field === 'lost') && line[field] > 0,
      }))}
    />
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
  const [photos, setPhotos] = useState<Blob[]>([]);
  const transfer = detail.data?.transfer;
  const { t } = useTranslation();
  const kindOf = (kind: string) => t(`kinds.${kind}`, { defaultValue: kind });
  const someone = t('requests.someone').toLowerCase();

  async function run(action: 'dispatch' | 'cancel') {
    if (!transfer) return;
    try {
      const key = newIdempotencyKey();
      const answer =
        action === 'dispatch'
          ? await act.mutateAsync({ id: transfer._id, action, key, body: photos.length > 0 ? await uploadedPhotos(photos) : undefined })
          : await act.mutateAsync({ id: transfer._id, action, key });
      setPhotos([]);
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('transfers.didNotWork')) });
    } finally {
      setConfirming(null);
    }
  }

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Anchor component={Link} to="/dashboard/transfers" size="sm">
        ← {t('hub.transfers')}
      </Anchor>
      <ErrorAlert text={detail.isError ? messageOf(detail.error, t('attention.fetchFailed')) : null} />
      {detail.isPending && t('common.loading')}
      {transfer && (
        <>
          <Group gap="xs">
            <Title order={2}>{t('transfers.transfer', { reference: transfer.reference })}</Title>
            <TransferStatusBadge status={transfer.status} />
          </Group>
          <Text>
            {transfer.fromStore.name} → {transfer.toStore.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('transfers.madeBy', { by: transfer.createdBy?.name ?? someone, when: dayAndTime(transfer.createdAt) })}
            {transfer.dispatchedAt &&
              ` · ${t('transfers.dispatchedBy', { by: transfer.dispatchedBy?.name ?? someone, when: dayAndTime(transfer.dispatchedAt) })}`}
            {transfer.closedAt &&
              transfer.closeReason &&
              ` · ${t('transfers.closedBy', { by: transfer.closedBy?.name ?? someone, reason: transfer.closeReason })}`}
          </Text>
          <Notice value={notice} onClose={() => setNotice(null)} />
          <Lines transfer={transfer} />
          {transfer.can.dispatch && <PhotoField photos={photos} onChange={setPhotos} description={t('files.photosSentWithDispatch')} />}
          <Group>
            {transfer.can.dispatch && <Button onClick={() => setConfirming('dispatch')}>{t('transfers.dispatch')}</Button>}
            {transfer.can.cancel && (
              <Button variant="default" onClick={() => setConfirming('cancel')}>
                {t('transfers.cancelTransfer')}
              </Button>
            )}
            {transfer.can.close && (
              <Button
                variant="default"
                color="red"
                onClick={() =>
                  setAsking({
                    title: t('transfers.closeTitle'),
                    text: t('transfers.closeText', { count: transfer.totals.inTransit }),
                    action: t('transfers.writeOffAndClose'),
                    run: async (reason, key) => (await act.mutateAsync({ id: transfer._id, action: 'close', reason, key })).message,
                  })
                }
              >
                {t('transfers.closeAndWriteOff')}
              </Button>
            )}
            <Button
              variant="subtle"
              onClick={() => void apiDownload(`/api/transfers/${transfer._id}/pdf`, `transfer-${transfer.reference}.pdf`)}
            >
              {t('transfers.note')}
            </Button>
          </Group>
          {transfer.can.receive && <ReceiveForm transfer={transfer} onDone={(text) => setNotice({ ok: true, text: localMessage(text) })} />}
          <Title order={3} size="h4">
            {t('transfers.history')}
          </Title>
          {(detail.data?.history ?? []).length === 0 && <Text size="sm">{t('transfers.nothingMoved')}</Text>}
          <Stack gap={0} role="list" aria-label={t('transfers.history')}>
            {(detail.data?.history ?? []).map((row) => (
              <ListRow key={row._id} label={kindOf(row.kind)}>
                <Stack gap={2}>
                  <Text size="sm">
                    {kindOf(row.kind)}: {row.quantity} {row.itemName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.storeName} · {row.actor ?? someone} · {dayAndTime(row.at)}
                  </Text>
                  <AttachmentThumbs attachments={row.attachments} />
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
            ? t('transfers.confirmDispatch', {
                reference: transfer?.reference ?? '',
                from: transfer?.fromStore.name ?? '',
                to: transfer?.toStore.name ?? '',
              })
            : t('transfers.confirmCancel', { reference: transfer?.reference ?? '' })
        }
        confirmLabel={confirming === 'dispatch' ? t('transfers.dispatch') : t('transfers.cancelTransfer')}
        isBusy={act.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
      <ReasonDialog
        ask={asking}
        onClose={(message) => {
          setAsking(null);
          if (message) setNotice({ ok: true, text: localMessage(message) });
        }}
      />
    </Stack>
  );
}
