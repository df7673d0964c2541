import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { PurchaseOrder } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { keptTime, localDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { LineFigures } from '../../../lib/line-figures';
import { formatMoney, useCurrency, useSettings } from '../../../lib/money';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { type ReasonAsk, ReasonDialog } from '../../../lib/reason-dialog';
import { useRole } from '../../../lib/use-session';
import { useKeptList, useOutbox } from '../../offline';
import { usePurchaseOrder, usePurchaseOrderAction } from '../api/purchase-orders';
import { OrderReceiptForm } from '../components/order-receipt-form';
import { OrderReceipts } from '../components/order-receipts';
import { OrderStatusBadge } from '../components/order-status-badge';
import { ReturnToSupplierDialog } from '../components/return-to-supplier-dialog';
import { withQueuedReceipts } from '../queued-receipts';

const FIGURES = [
  ['purchases.ordered', 'quantity'],
  ['purchases.received', 'received'],
  ['checkIn.damaged', 'damaged'],
  ['purchases.returned', 'returned'],
  ['purchases.outstanding', 'outstanding'],
] as const;

/** Each line with its five figures side by side: what was ordered, what arrived, what went back, and what is still to come. */
function Lines({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <LineFigures<PurchaseOrder['lines'][number]>
      lines={order.lines}
      label={t('purchases.lines')}
      detailOf={(line) =>
        line.orderedIn
          ? t('purchases.asOrdered', {
              quantity: line.orderedIn.quantity,
              unit: line.orderedIn.unit,
              stock: line.quantity,
              stockUnit: line.unit,
              cost: line.orderedIn.unitCost,
            })
          : `${line.unitCost} / ${line.unit}`
      }
      figures={FIGURES.map(([label, field]) => ({
        label: t(label),
        value: (line) => line[field],
        isStrong: (line) => field === 'outstanding' && line.outstanding > 0,
        isWarning: (line) => (field === 'damaged' || field === 'returned') && line[field] > 0,
      }))}
    />
  );
}

/**
 * The order as the server has it or, with no signal, as the phone kept it; either way with the
 * receipts still waiting on the phone counted in.
 */
function useOrderHere(id: string) {
  const detail = usePurchaseOrder(id);
  const { kept } = useKeptList<PurchaseOrder>('purchaseOrders', detail);
  const { waiting } = useOutbox();
  const keptOrder = kept?.rows.find((row) => row._id === id);
  const found = detail.data ?? keptOrder;
  return {
    detail,
    kept,
    isKept: !detail.data && Boolean(keptOrder),
    ...(found ? withQueuedReceipts(found, waiting) : { order: undefined, queued: 0 }),
  };
}

/** One order: whom it asks for what, what arrived, and what the caller may do next (send, receive, cancel, close). */
export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const { detail, kept, isKept, order, queued } = useOrderHere(id);
  const act = usePurchaseOrderAction();
  const role = useRole();
  // Admins order; keepers only when the company lets them.
  const settings = useSettings();
  const mayOrder = role === 'admin' || settings.data?.keepersMayOrder === true;
  const currency = useCurrency();
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const [isReturning, setReturning] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { t } = useTranslation();
  const isReceivable = order?.status === 'ordered' || order?.status === 'partially_received';
  const hasArrivals = order?.lines.some((line) => line.received + line.damaged > 0) ?? false;
  const mayGoBack = order?.lines.some((line) => line.received > line.returned) ?? false;

  async function send() {
    if (!order) return;
    try {
      setNotice({
        ok: true,
        text: localMessage((await act.mutateAsync({ id: order._id, action: 'order', key: newIdempotencyKey() })).message),
      });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('transfers.didNotWork')) });
    } finally {
      setConfirming(false);
    }
  }

  const askWhy = (action: 'cancel' | 'close') =>
    order &&
    setAsking({
      title: t(`purchases.${action}Title`, { number: order.number }),
      text: t(`purchases.${action}Text`),
      action: t(`purchases.${action}`),
      run: async (reason, key) => (await act.mutateAsync({ id: order._id, action, reason, key })).message,
    });

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Anchor component={Link} to="/dashboard/purchase-orders" size="sm">
        ← {t('purchases.title')}
      </Anchor>
      <ErrorAlert text={detail.isError && !order ? messageOf(detail.error, t('attention.fetchFailed')) : null} />
      {kept && !order && <Alert color="yellow">{t('purchases.notKept')}</Alert>}
      {detail.isPending && !kept && !order && t('common.loading')}
      {order && (
        <>
          <Group gap="xs">
            <Title order={2}>{order.number}</Title>
            <OrderStatusBadge status={order.status} />
          </Group>
          <Text>
            {order.supplier.name} → {order.store.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              order.needBy && t('purchases.needBy', { day: localDate(order.needBy) }),
              currency && formatMoney(order.total, currency),
              order.statusReason,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {isKept && kept && (
            <Text size="sm" c="dimmed" role="note">
              {t('purchases.keptAt', { time: keptTime(kept.syncedAt) })}
            </Text>
          )}
          {order.supplierMail && (
            <Text size="sm" c={order.supplierMail === 'failed' ? 'red.8' : 'dimmed'}>
              {t(`purchases.supplierMail.${order.supplierMail}`)}
            </Text>
          )}
          {!isKept && order.status !== 'draft' && (
            <DownloadCsvButton
              path={`/api/purchase-orders/${order._id}/pdf`}
              fileName={`purchase_order_${order.number}.pdf`}
              label={t('purchases.downloadPdf')}
            />
          )}
          <Notice value={notice} onClose={() => setNotice(null)} />
          {queued > 0 && (
            <Text size="sm" fw={600} role="status">
              {t('purchases.waitingOnPhone', { count: queued })}
            </Text>
          )}
          <Lines order={order} />
          {mayOrder && !isKept && (
            <Group>
              {order.status === 'draft' && <Button onClick={() => setConfirming(true)}>{t('purchases.send')}</Button>}
              {(order.status === 'draft' || order.status === 'ordered') && !hasArrivals && (
                <Button variant="default" onClick={() => askWhy('cancel')}>
                  {t('purchases.cancel')}
                </Button>
              )}
              {isReceivable && hasArrivals && (
                <Button variant="default" color="red" onClick={() => askWhy('close')}>
                  {t('purchases.close')}
                </Button>
              )}
            </Group>
          )}
          {mayGoBack && !isKept && (
            <Group>
              <Button variant="default" color="red" onClick={() => setReturning(true)}>
                {t('purchases.returnToSupplier')}
              </Button>
            </Group>
          )}
          {isReceivable && <OrderReceiptForm order={order} onDone={(text) => setNotice({ ok: true, text: localMessage(text) })} />}
          {!isKept && hasArrivals && <OrderReceipts orderId={order._id} />}
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        message={t('purchases.confirmSend', { number: order?.number ?? '', supplier: order?.supplier.name ?? '' })}
        confirmLabel={t('purchases.send')}
        isBusy={act.isPending}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
      <ReturnToSupplierDialog
        order={isReturning ? (order ?? null) : null}
        onClose={(message) => {
          setReturning(false);
          if (message) setNotice({ ok: true, text: localMessage(message) });
        }}
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
