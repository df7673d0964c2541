import { Badge } from '@mantine/core';
import { i18n } from '../../../i18n/i18n';
import { useLowStockCount } from '../api/low-stock';

/** How many materials are low, in orange, or nothing when none are. */
export function LowStockBadge() {
  const low = useLowStockCount();
  if (!low.data) return null;
  return (
    <Badge color="orange" ml="xs" aria-label={i18n.t('common.low', { count: low.data })}>
      {low.data}
    </Badge>
  );
}
