import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconCamera, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { timeOfDay } from '../../../lib/format';
import { syncNow } from '../sync';
import { useOnline, useOutbox, useSyncState } from '../use-outbox';
import { useAttentionCount } from './needs-attention-badge';

/** "3 waiting to sync", with a button that sends them; "1 waiting to sync" reads the same. */
export function waitingText(count: number): string {
  return i18n.t('outbox.waiting', { count });
}

/**
 * A strip over the keeper's screens while the phone is offline, holds movements or photos the server
 * has not acknowledged, or has movements a person must look at: how many wait, "Sync now", and a link
 * to Needs attention.
 */
export function OutboxBar() {
  const { waiting, photos } = useOutbox();
  const attention = useAttentionCount();
  const isOnline = useOnline();
  const sync = useSyncState();
  const { t } = useTranslation();
  if (isOnline && waiting.length === 0 && photos === 0 && attention === 0) return null;
  return (
    <Paper
      withBorder
      radius={0}
      px="md"
      py={6}
      bg={isOnline ? 'var(--mantine-color-yellow-light)' : 'var(--mantine-color-default-hover)'}
      role="region"
      aria-label={t('outbox.region')}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {!isOnline && (
            <Badge color="gray.8" leftSection={<IconCloudOff size={14} />} variant="filled">
              {t('outbox.offline')}
            </Badge>
          )}
          {(waiting.length > 0 || (attention === 0 && photos === 0)) && (
            <Text size="sm" fw={600} truncate>
              {waitingText(waiting.length)}
            </Text>
          )}
          {photos > 0 && (
            // A camera and a number: beside "3 waiting to sync" and "Offline" it still fits a phone's width.
            <Badge
              variant="light"
              color="gray.8"
              leftSection={<IconCamera size={12} />}
              aria-label={t('outbox.photosWaiting', { count: photos })}
              title={t('outbox.photosWaiting', { count: photos })}
              style={{ flexShrink: 0 }}
            >
              {photos}
            </Badge>
          )}
          {attention > 0 && (
            <Anchor component={Link} to="/dashboard/needs-attention" size="sm" fw={600} c="red.8">
              {t('common.needAttention', { count: attention })}
            </Anchor>
          )}
          {sync.lastSyncedAt && (
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {t('outbox.lastSynced', { time: timeOfDay(sync.lastSyncedAt) })}
            </Text>
          )}
        </Group>
        {(waiting.length > 0 || photos > 0 || !isOnline) && (
          <Button
            size="compact-sm"
            style={{ flexShrink: 0 }}
            leftSection={<IconRefresh size={14} />}
            loading={sync.isSyncing}
            disabled={waiting.length === 0 && photos === 0}
            onClick={() => void syncNow()}
          >
            {t('outbox.syncNow')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
