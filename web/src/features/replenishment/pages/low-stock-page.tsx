import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { LowStockRow } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { DownloadCsvButton } from '../../../lib/download-csv-button';
import { ErrorAlert } from '../../../lib/error-alert';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { useSettings } from '../../../lib/money';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { useOrderFromLowStock } from '../../purchase-orders';
import { StoreSelect } from '../../stores';
import { RequestDialog } from '../../transfers';
import { useLowStock } from '../api/low-stock';

/** The low rows of each store, in the order they came (the emptiest first). */
function byStore(rows: LowStockRow[]): LowStockRow[][] {
  const groups = new Map<string, LowStockRow[]>();
  for (const row of rows) groups.set(row.store._id, [...(groups.get(row.store._id) ?? []), row]);
  return [...groups.values()];
}

/** What is already done about a low material: requested and waiting, on its way, or on order from a supplier. */
function progressOf(row: LowStockRow): string | null {
  const onTheWay = row.inTransit + row.requested;
  const done = [
    onTheWay > 0
      ? i18n.t('common.onTheWay', { count: onTheWay })
      : row.openRequest
        ? i18n.t('lowStock.requested', { quantity: row.openRequest.quantity })
        : null,
    row.onOrder > 0 ? i18n.t('lowStock.onOrder', { count: row.onOrder }) : null,
  ].filter(Boolean);
  return done.length > 0 ? done.join(' · ') : null;
}

/** Orders what a store lacks from each material's preferred supplier, as drafts; says what was made and what was not. */
function OrderFromSuppliersButton({ storeId, onDone }: { storeId: string; onDone: (notice: NoticeValue) => void }) {
  const order = useOrderFromLowStock();
  const { t } = useTranslation();
  async function press() {
    try {
      const answer = await order.mutateAsync({ storeId, key: newIdempotencyKey() });
      const left = answer.notOrdered.map((row) => `${row.name} (${t(`lowStock.notOrdered.${row.reason}`)})`).join(', ');
      onDone({
        ok: true,
        text: [localMessage(answer.message), left && t('lowStock.notOrderedList', { list: left })].filter(Boolean).join(' '),
      });
    } catch (caught) {
      onDone({ ok: false, text: messageOf(caught, t('transfers.didNotWork')) });
    }
  }
  return (
    <Button size="sm" variant="light" loading={order.isPending} onClick={() => void press()}>
      {t('lowStock.orderFromSuppliers')}
    </Button>
  );
}

/** Materials at or below their minimum, the emptiest first, with what to order: a request to the warehouse, or orders to the suppliers. */
export function LowStockPage() {
  const role = useRole();
  const isAdmin = role === 'admin';
  const settings = useSettings();
  const mayOrder = isAdmin || settings.data?.keepersMayOrder === true;
  const [storeId, setStoreId] = useState<string | null>(null);
  const low = useLowStock(storeId ?? undefined);
  const [requesting, setRequesting] = useState<LowStockRow[] | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const groups = byStore(low.data?.rows ?? []);
  const { t } = useTranslation();
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Title order={2}>{t('hub.lowStock')}</Title>
      {isAdmin && <StoreSelect value={storeId} onChange={setStoreId} required={false} />}
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={low.isError ? messageOf(low.error, t('attention.fetchFailed')) : null} />
      {low.isPending && t('common.loading')}
      {low.data && groups.length === 0 && <Text size="sm">{t('lowStock.nothing')}</Text>}
      {groups.map((rows) => {
        const store = rows[0]?.store;
        const toRequest = rows.filter((row) => !row.openRequest && row.suggested > 0);
        return (
          <Stack key={store?._id} gap={0}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{isAdmin || groups.length > 1 ? store?.name : t('common.low', { count: rows.length })}</Text>
              <Group gap="xs" justify="flex-end">
                {mayOrder && store && rows.some((row) => row.preferredSupplier && row.suggested > 0) && (
                  <OrderFromSuppliersButton storeId={store._id} onDone={setNotice} />
                )}
                {toRequest.length > 0 && (
                  <Button size="sm" onClick={() => setRequesting(toRequest)}>
                    {t('lowStock.request', { count: toRequest.length })}
                  </Button>
                )}
              </Group>
            </Group>
            <Stack gap={0} role="list" aria-label={t('lowStock.in', { store: store?.name ?? '' })}>
              {rows.map((row) => {
                const progress = progressOf(row);
                return (
                  <ListRow key={row.materialId} label={row.name}>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {row.name}
                      </Text>
                      <Text size="xs" c={row.available === 0 ? 'red.8' : 'dimmed'}>
                        {t('lowStock.left', { available: row.available, unit: row.unit, minimum: row.minQty })}
                      </Text>
                      {progress && (
                        <Text size="xs" c="blue.8">
                          {progress}
                        </Text>
                      )}
                    </Stack>
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" fw={600} c={row.suggested === 0 ? 'dimmed' : undefined}>
                        {row.suggested === 0 ? t('lowStock.covered') : t('lowStock.order', { quantity: row.suggested })}
                      </Text>
                      {row.packSize > 1 && row.suggested > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('lowStock.packs', { packs: row.suggested / row.packSize, size: row.packSize })}
                        </Text>
                      )}
                      {row.preferredSupplier && (
                        <Text size="xs" c="dimmed">
                          {t('lowStock.from', { supplier: row.preferredSupplier.name })}
                        </Text>
                      )}
                    </Stack>
                  </ListRow>
                );
              })}
            </Stack>
          </Stack>
        );
      })}
      <RequestDialog
        rows={requesting}
        onClose={(message) => {
          setRequesting(null);
          if (message) setNotice({ ok: true, text: message });
        }}
      />
      <DownloadCsvButton path="/api/low-stock/csv" filters={{ storeId: storeId ?? undefined }} fileName="low-stock.csv" />
    </Stack>
  );
}
