import { Text } from '@mantine/core';
import { timeOfDay } from '../../../lib/format';

/** Says that a list is the one kept on the phone, and how old it is. */
export function KeptAt({ syncedAt }: { syncedAt: string }) {
  return (
    <Text size="sm" c="dimmed" role="note">
      Offline: stock as of {timeOfDay(syncedAt)}
    </Text>
  );
}
