import { Badge } from '@mantine/core';
import { i18n } from '../../../i18n/i18n';
import { useParkedCount } from '../api/parked';
import { useOutbox } from '../use-outbox';

/** How many movements wait for the keeper: parked on the server, and refused outright on this phone. */
export function useAttentionCount(): number {
  const parked = useParkedCount();
  const { rejected } = useOutbox();
  return (parked.data ?? 0) + rejected.length;
}

export function NeedsAttentionBadge() {
  const count = useAttentionCount();
  if (count === 0) return null;
  return (
    <Badge color="red" ml="xs" aria-label={i18n.t('common.needAttention', { count })}>
      {count}
    </Badge>
  );
}
