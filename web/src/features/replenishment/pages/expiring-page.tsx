import { Button, Stack, Text, Title } from '@mantine/core';
import type { ExpiringBatch } from '@stockyard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localMessage } from '../../../i18n/local-message';
import { messageOf } from '../../../lib/api';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { dayText } from '../../../lib/day-text';
import { ErrorAlert } from '../../../lib/error-alert';
import { localNumber } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { ListRow } from '../../../lib/list-row';
import { Notice, type NoticeValue } from '../../../lib/notice';
import { useRole } from '../../../lib/use-session';
import { useDamageBatch, useExpiring } from '../api/expiring';

/** When a batch expires, or expired, in words. */
function expiryText(row: ExpiringBatch, t: (key: string, values?: Record<string, unknown>) => string): string {
  const day = dayText(row.expiresOn ?? '');
  if (row.isExpired) return t('batches.expired', { day });
  return row.daysLeft === 0 ? t('batches.expiresToday', { day }) : t('batches.expiresIn', { count: row.daysLeft, day });
}

/**
 * The batches in stock that expire within their store's warning days, the expired first; a keeper
 * records one as damaged in one step, after saying yes.
 */
export function ExpiringPage() {
  const { t } = useTranslation();
  const mayRecord = useRole() === 'user';
  const expiring = useExpiring();
  const damage = useDamageBatch();
  const [confirming, setConfirming] = useState<{ row: ExpiringBatch; key: string } | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const rows = expiring.data?.batches ?? [];
  const showStore = new Set(rows.map((row) => row.storeId._id)).size > 1;

  async function recordDamaged(row: ExpiringBatch, key: string) {
    setConfirming(null);
    try {
      const answer = await damage.mutateAsync({
        body: { productId: row.materialId, damagedQuantity: row.quantity, batch: row.batch },
        idempotencyKey: key,
      });
      setNotice({ ok: true, text: localMessage(answer.message) });
    } catch (caught) {
      setNotice({ ok: false, text: messageOf(caught, t('batches.damageFailed')) });
    }
  }

  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Title order={2}>{t('batches.title')}</Title>
      <Notice value={notice} onClose={() => setNotice(null)} />
      <ErrorAlert text={expiring.isError ? messageOf(expiring.error, t('attention.fetchFailed')) : null} />
      {expiring.isPending && t('common.loading')}
      {expiring.data && rows.length === 0 && <Text size="sm">{t('batches.nothing')}</Text>}
      <Stack gap={0} role="list" aria-label={t('batches.title')}>
        {rows.map((row) => (
          <ListRow key={`${row.materialId}-${row.batch}`} label={`${row.material} ${row.batch}`}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {row.material}
              </Text>
              <Text size="xs">{t('batches.line', { batch: row.batch, quantity: localNumber(row.quantity), unit: row.unit })}</Text>
              <Text size="xs" c={row.isExpired ? 'red.8' : 'orange.8'}>
                {expiryText(row, t)}
              </Text>
              {showStore && (
                <Text size="xs" c="dimmed">
                  {row.storeId.name}
                </Text>
              )}
            </Stack>
            {mayRecord && (
              <Button size="xs" variant="light" color="red" onClick={() => setConfirming({ row, key: newIdempotencyKey() })}>
                {t('batches.recordDamaged')}
              </Button>
            )}
          </ListRow>
        ))}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        message={
          confirming
            ? t('batches.confirmDamaged', {
                quantity: localNumber(confirming.row.quantity),
                unit: confirming.row.unit,
                material: confirming.row.material,
                batch: confirming.row.batch,
              })
            : ''
        }
        confirmLabel={t('common.yes')}
        onConfirm={() => confirming && void recordDamaged(confirming.row, confirming.key)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
