import { Badge } from '@mantine/core';
import type { TransferStatus } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TransferStatus, string> = {
  draft: 'gray',
  dispatched: 'blue',
  partially_received: 'orange',
  received: 'green',
  received_with_discrepancy: 'red',
  cancelled: 'gray',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`transfers.statuses.${status}`)}
    </Badge>
  );
}
