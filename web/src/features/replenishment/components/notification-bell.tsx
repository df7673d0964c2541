import { Button, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotifications } from '../api/notifications';

/** The top bar's bell: how many notifications are unread, leading to the list. */
export function NotificationBell() {
  const notifications = useNotifications();
  const unread = notifications.data?.unread ?? 0;
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/dashboard/notifications"
      variant="subtle"
      color="gray.0"
      size="compact-md"
      px={6}
      aria-label={t('common.notifications', { unread })}
    >
      <Indicator disabled={unread === 0} label={unread} size={16} color="red" offset={2}>
        <IconBell size={18} />
      </Indicator>
    </Button>
  );
}
