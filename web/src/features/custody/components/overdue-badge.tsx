import { Badge } from '@mantine/core';
import { i18n } from '../../../i18n/i18n';
import { useOverdueCount } from '../api/custody';

/** The number of overdue custody records, in red, or nothing when there are none. */
export function OverdueBadge() {
  const overdue = useOverdueCount();
  if (!overdue.data) return null;
  return (
    <Badge color="red" ml="xs" aria-label={i18n.t('common.overdue', { count: overdue.data })}>
      {overdue.data}
    </Badge>
  );
}
