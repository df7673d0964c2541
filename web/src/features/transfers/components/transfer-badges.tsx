import { Badge } from '@mantine/core';
import { useIncomingCount, useWaitingRequestCount } from '../api/transfers';

function CountBadge({ count, label, color }: { count: number | undefined; label: string; color: string }) {
  if (!count) return null;
  return (
    <Badge color={color} ml="xs" aria-label={`${count} ${label}`}>
      {count}
    </Badge>
  );
}

/** Transfers on their way to the keeper's stores. */
export function IncomingTransfersBadge() {
  return <CountBadge count={useIncomingCount().data} label="on the way" color="blue" />;
}

/** Requests waiting for an admin's approval. */
export function WaitingRequestsBadge() {
  return <CountBadge count={useWaitingRequestCount().data} label="waiting" color="orange" />;
}
