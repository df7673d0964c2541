import { Badge } from '@mantine/core';
import { useOverdueCount } from '../api/custody';

/** The number of overdue custody records, in red, or nothing when there are none. */
export function OverdueBadge() {
  const overdue = useOverdueCount();
  if (!overdue.data) return null;
  return (
    <Badge color="red" ml="xs" aria-label={`${overdue.data} overdue`}>
      {overdue.data}
    </Badge>
  );
}
