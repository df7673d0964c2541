import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { messageOf } from '../../../lib/api';
import { ErrorAlert } from '../../../lib/error-alert';
import { dayAndTime } from '../../../lib/format';
import { ListRow } from '../../../lib/list-row';
import { useMarkRead, useNotifications } from '../api/notifications';

/** The caller's notifications, newest first; unread in bold until marked read. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const rows = notifications.data?.notifications ?? [];
  return (
    <Stack p="md" gap="sm" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>Notifications</Title>
        <Button variant="light" size="compact-sm" disabled={!notifications.data?.unread} onClick={() => markRead.mutate(null)}>
          Mark all read
        </Button>
      </Group>
      <ErrorAlert text={notifications.isError ? messageOf(notifications.error, 'Failed to fetch data. Please try again.') : null} />
      {notifications.data && rows.length === 0 && <Text size="sm">No notifications yet.</Text>}
      <Stack gap={0} role="list" aria-label="Notifications">
        {rows.map((row) => (
          <ListRow key={row._id}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={row.read ? 400 : 700}>
                {row.text}
              </Text>
              <Text size="xs" c="dimmed">
                {dayAndTime(row.createdAt)}
              </Text>
            </Stack>
            {!row.read && (
              <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate(row._id)} aria-label={`Mark read: ${row.text}`}>
                Read
              </Button>
            )}
          </ListRow>
        ))}
      </Stack>
    </Stack>
  );
}
