import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useExpiringCount } from '../api/expiring';

/** How many batches are expiring or expired, in red, or nothing when none are. */
export function ExpiringBadge() {
  const { t } = useTranslation();
  const expiring = useExpiringCount();
  if (!expiring.data) return null;
  return (
    <Badge color="red" ml="xs" aria-label={t('batches.badge', { count: expiring.data })}>
      {expiring.data}
    </Badge>
  );
}
