import { Badge } from '@mantine/core';
import { TRANSFER_STATUS_LABELS, type TransferStatus } from '@stockyard/contract';

const COLORS: Record<TransferStatus, string> = {
  draft: 'gray',
  dispatched: 'blue',
  partially_received: 'orange',
  received: 'green',
  received_with_discrepancy: 'red',
  cancelled: 'gray',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {TRANSFER_STATUS_LABELS[status]}
    </Badge>
  );
}
