import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListRow } from '../../../lib/list-row';
import { type QueuedOp, useOutbox } from '../../offline';

/** The hand-overs recorded on this phone that the server has not acknowledged yet: they are out, though no list says so. */
export function useWaitingHandovers(): QueuedOp[] {
  const { waiting } = useOutbox();
  return waiting.filter((op) => op.kind === 'tool-issue' && op.workerId);
}

export function WaitingHandovers({ handovers }: { handovers: QueuedOp[] }) {
  const { t } = useTranslation();
  if (handovers.length === 0) return null;
  return (
    <Stack gap={0} role="list" aria-label={t('custody.waitingList')}>
      {handovers.map((op) => {
        const label = t('custody.rowLabel', { count: 'quantity' in op ? op.quantity : 0, tool: op.itemName, worker: op.workerName ?? '' });
        return (
          <ListRow key={op.opId} label={label}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Badge size="sm" variant="light" color="yellow" style={{ flexShrink: 0 }}>
              {t('custody.waitingToSync')}
            </Badge>
          </ListRow>
        );
      })}
    </Stack>
  );
}
