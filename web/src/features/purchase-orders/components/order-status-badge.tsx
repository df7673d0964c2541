import { Badge } from '@mantine/core';
import type { PurchaseOrderStatus } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  ordered: 'blue',
  partially_received: 'orange',
  received: 'green',
  closed_short: 'red',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`purchases.statuses.${status}`)}
    </Badge>
  );
}
