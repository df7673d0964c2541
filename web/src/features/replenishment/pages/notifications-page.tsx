import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { languageOf, type Notification, noticeText } from '@stockyard/contract';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { useMarkRead, useNotifications } from '../api/notifications';

/** The caller's notifications, newest first, in the app's language; unread in bold until marked read. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const rows = notifications.data?.notifications ?? [];
  const { t, i18n } = useTranslation();
  const language = languageOf([i18n.language]);
  const said = (row: Notification) => (row.code ? noticeText(language, row.code, row.params) : row.text);
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('notifications.title')}</Title>
        <Button variant="light" size="compact-sm" disabled={!notifications.data?.unread} onClick={() => markRead.mutate(null)}>
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <ErrorAlert text={notifications.isError ? messageOf(notifications.error, t('attention.fetchFailed')) : null} />
      {notifications.data && rows.length === 0 && <Text size="sm">{t('notifications.none')}</Text>}
      <Stack gap={0} role="list" aria-label={t('notifications.title')}>
        {rows.map((row) => (
          <ListRow key={row._id}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={row.read ? 400 : 700}>
                {said(row)}
              </Text>
              <Text size="xs" c="dimmed">
                {dayAndTime(row.createdAt)}
              </Text>
            </Stack>
            {!row.read && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => markRead.mutate(row._id)}
                aria-label={t('notifications.markReadOf', { text: said(row) })}
              >
                {t('notifications.read')}
              </Button>
            )}
          </ListRow>
        ))}
      </Stack>
    </Stack>
  );
}
