import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timeOfDay } from '../../../lib/format';

/** Says that a list is the one kept on the phone, and how old it is. */
export function KeptAt({ syncedAt }: { syncedAt: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" role="note">
      {t('outbox.keptAt', { time: timeOfDay(syncedAt) })}
    </Text>
  );
}
