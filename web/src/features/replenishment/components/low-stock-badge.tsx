import { Badge } from '@mantine/core';
import { useLowStockCount } from '../api/low-stock';

/** How many materials are low, in orange, or nothing when none are. */
export function LowStockBadge() {
  const low = useLowStockCount();
  if (!low.data) return null;
  return (
    <Badge color="orange" ml="xs" aria-label={`${low.data} low`}>
      {low.data}
    </Badge>
  );
}
