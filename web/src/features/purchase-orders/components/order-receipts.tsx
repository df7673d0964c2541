import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { PurchaseReceipt } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api';
import { localDate } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { AttachmentThumbs } from '../../files';
import { usePurchaseReceipts } from '../api/purchase-orders';

/** What one receipt brought, line by line: "38 bag Cement, 2 damaged". */
function ArrivedText({ receipt }: { receipt: PurchaseReceipt }) {
  const { t } = useTranslation();
  const lines = receipt.lines.map((line) =>
    [
      t('purchases.receiptLine', { count: line.received, unit: line.unit, name: line.name }),
      line.damaged > 0 && t('purchases.receiptDamaged', { count: line.damaged }),
    ]
      .filter(Boolean)
      .join(', '),
  );
  return <Text size="sm">{lines.join(' · ')}</Text>;
}

/**
 * The receipts recorded against an order, the first first: who received what on which day, the photos
 * taken of it, and each line's delivery note. Shown once the server has them (not from the phone's copy).
 */
export function OrderReceipts({ orderId }: { orderId: string }) {
  const receipts = usePurchaseReceipts(orderId);
  const { t } = useTranslation();
  const rows = receipts.data?.receipts ?? [];
  if (rows.length === 0) return null;
  return (
    <>
      <Title order={3} size="h4">
        {t('purchases.receipts')}
      </Title>
      <Stack gap={0} role="list" aria-label={t('purchases.receipts')}>
        {rows.map((receipt) => (
          <ListRow key={receipt._id} label={t('purchases.receiptOf', { day: localDate(receipt.receivedAt) })}>
            <Stack gap={2}>
              <ArrivedText receipt={receipt} />
              <Text size="xs" c="dimmed">
                {[localDate(receipt.receivedAt), receipt.receivedBy ?? t('requests.someone'), receipt.deliveryNote]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <AttachmentThumbs attachments={receipt.attachments} />
              <Group gap="sm">
                {receipt.lines.map((line) => (
                  <Anchor
                    key={line.deliveryId}
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() => void apiDownload(`/api/supply/${line.deliveryId}/pdf`, 'delivery-note.pdf')}
                  >
                    {t('supplies.noteOf', { name: line.name })}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          </ListRow>
        ))}
      </Stack>
    </>
  );
}
