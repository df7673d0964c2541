import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrder, type PurchaseOrderStatus } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { keptTime, localDate } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { formatMoney, useCurrency, useSettings } from '../../../lib/money';
import { Pager } from '../../../lib/pager';
import { useRole } from '../../../lib/use-session';
import { useKeptList } from '../../offline';
import { StoreSelect } from '../../stores';
import { usePurchaseOrders } from '../api/purchase-orders';
import { NewOrderDialog } from '../components/new-order-dialog';
import { OrderStatusBadge } from '../components/order-status-badge';

/** Lines shown in an order's row; a long order ends with how many more it has. */
const LINES_IN_BRIEF = 3;

function linesInBrief(order: PurchaseOrder): string {
  const named = order.lines.slice(0, LINES_IN_BRIEF).map((line) => `${line.quantity} ${line.unit} ${line.name}`.trim());
  const more = order.lines.length - LINES_IN_BRIEF;
  return more > 0 ? `${named.join(', ')} ${i18n.t('purchases.moreLines', { count: more })}` : named.join(', ');
}

/** The orders of the caller's stores, the latest first: what each asks of whom, and what is still to come. */
export function PurchaseOrdersPage() {
  const isAdmin = useRole() === 'admin';
  const settings = useSettings();
  const mayOrder = isAdmin || settings.data?.keepersMayOrder === true;
  const [isCreating, setIsCreating] = useState(false);
  const [status, setStatus] = useState<PurchaseOrderStatus | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const orders = usePurchaseOrders({ status: status ?? undefined, storeId: storeId ?? undefined }, page);
  const currency = useCurrency();
  // With no signal, the open orders the phone kept, filtered as the server would.
  const { kept } = useKeptList<PurchaseOrder>('purchaseOrders', orders);
  const rows =
    orders.data?.purchaseOrders ??
    kept?.rows.filter((order) => (!status || order.status === status) && (!storeId || order.store._id === storeId)) ??
    [];
  const { t } = useTranslation();
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('purchases.title')}</Title>
        {mayOrder && (
          <Button size="xs" onClick={() => setIsCreating(true)}>
            {t('purchases.new')}
          </Button>
        )}
      </Group>
      <NewOrderDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      <Group grow>
        {isAdmin && (
          <StoreSelect
            value={storeId}
            onChange={(value) => {
              setStoreId(value);
              setPage(1);
            }}
            required={false}
          />
        )}
        <Select
          label={t('purchases.status')}
          clearable
          placeholder={t('purchases.anyStatus')}
          data={PURCHASE_ORDER_STATUSES.map((value) => ({ value, label: t(`purchases.statuses.${value}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as PurchaseOrderStatus | null);
            setPage(1);
          }}
        />
      </Group>
      <ErrorAlert text={orders.isError && !kept ? messageOf(orders.error, t('attention.fetchFailed')) : null} />
      {kept && (
        <Text size="sm" c="dimmed" role="note">
          {t('purchases.keptAt', { time: keptTime(kept.syncedAt) })}
        </Text>
      )}
      {orders.isPending && !kept && t('common.loading')}
      {(orders.data || kept) && rows.length === 0 && <Text size="sm">{t('purchases.none')}</Text>}
      <Stack gap={0} role="list" aria-label={t('purchases.title')}>
        {rows.map((order) => {
          const outstanding = order.lines.reduce((sum, line) => sum + line.outstanding, 0);
          return (
            <ListRow key={order._id} label={order.number}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Anchor component={Link} to={`/dashboard/purchase-orders/${order._id}`} fw={600} size="sm">
                    {order.number}
                  </Anchor>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Text size="sm">
                  {order.supplier.name} → {order.store.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {linesInBrief(order)}
                </Text>
                <Text size="xs" c="dimmed">
                  {order.needBy ? t('purchases.needBy', { day: localDate(order.needBy) }) : localDate(order.createdAt)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                {currency && <Text size="sm">{formatMoney(order.total, currency)}</Text>}
                {outstanding > 0 && order.status !== 'draft' && order.status !== 'cancelled' && order.status !== 'closed_short' && (
                  <Text size="sm" fw={600}>
                    {t('purchases.toCome', { count: outstanding })}
                  </Text>
                )}
              </Stack>
            </ListRow>
          );
        })}
      </Stack>
      {orders.data && <Pager page={page} total={orders.data.total} onChange={setPage} />}
    </Stack>
  );
}
