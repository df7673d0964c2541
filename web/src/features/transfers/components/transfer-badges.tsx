import { Badge } from '@mantine/core';
import { i18n } from '../../../i18n/i18n';
import { useIncomingCount, useWaitingRequestCount } from '../api/transfers';

function CountBadge({ count, label, color }: { count: number | undefined; label: string; color: string }) {
  if (!count) return null;
  return (
    <Badge color={color} ml="xs" aria-label={label}>
      {count}
    </Badge>
  );
}

/** Transfers on their way to the keeper's stores. */
export function IncomingTransfersBadge() {
  const count = useIncomingCount().data;
  return <CountBadge count={count} label={i18n.t('common.onTheWay', { count })} color="blue" />;
}

/** Requests waiting for an admin's approval. */
export function WaitingRequestsBadge() {
  const count = useWaitingRequestCount().data;
  return <CountBadge count={count} label={i18n.t('common.waiting', { count })} color="orange" />;
}
