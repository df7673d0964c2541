import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { keptTime } from '../../../lib/format';

/** Says that a list is the one kept on the phone, and how old it is ("Offline: stock as of 09:12" unless told). */
export function KeptAt({ syncedAt, textKey = 'outbox.keptAt' }: { syncedAt: string; textKey?: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" role="note">
      {t(textKey, { time: keptTime(syncedAt) })}
    </Text>
  );
}
