import { Box, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconDevices, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { discardAll } from '../../features/offline/outbox';
import { useOutbox } from '../../features/offline/use-outbox';
import { NotificationBell } from '../../features/replenishment/components/notification-bell';
import { storeOptionsQuery } from '../../features/stores';
import { i18n } from '../../i18n/i18n';
import { LanguageMenu } from '../../i18n/language-menu';
import { ColorSchemeToggle } from '../../lib/color-scheme-toggle';
import { homeOf } from '../../lib/home';
import { LazyConfirmDialog } from '../../lib/lazy-confirm-dialog';
import { signedInUser } from '../../lib/session';
import { useRole } from '../../lib/use-session';
import { pageTitleOf } from '../page-titles';

/** Why signing out with a non-empty outbox (movements or photos) is refused until the keeper confirms. */
export function unsentWarning(count: number, photos = 0): string {
  return [count > 0 ? i18n.t('outbox.unsent', { count }) : '', photos > 0 ? i18n.t('outbox.unsentPhotos', { count: photos }) : '']
    .filter(Boolean)
    .join(' ');
}

/** The bar on top of every signed-in screen: Back to the role's hub, sessions, password change and, where no sidebar has it, Logout. */
export function TopBar({ showLogout }: { showLogout: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const home = homeOf(useRole());
  const { waiting, photos } = useOutbox();
  const { t } = useTranslation();
  const [isAskingToDiscard, setAskingToDiscard] = useState(false);
  const discardAndLogout = () => {
    const user = signedInUser();
    return logout({
      beforeLeaving: async () => {
        if (user) await discardAll(user.userId);
      },
    });
  };
  return (
    <Group justify="space-between" wrap="nowrap" px="md" h={56} bg="#1c3d6e" c="white" component="header">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {pathname !== home && (
          <Button variant="subtle" color="gray.0" size="compact-md" px={6} onClick={() => navigate(home)} aria-label={t('common.back')}>
            <IconArrowLeft size={18} />
            <Box component="span" ml={6} visibleFrom="xs">
              {t('common.back')}
            </Box>
          </Button>
        )}
        {/* On a phone the bar's buttons leave the title a third of the width: the store and the page, a line each. */}
        <PhoneTitle />
        <Text fw={600} fz="md" lh={1.2} lineClamp={2} visibleFrom="xs">
          {t('common.welcomeBar')}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {/* On a phone these four wait on the account screen, so the bar's title is not cut short. */}
        <Group gap={4} wrap="nowrap" visibleFrom="xs">
          <LanguageMenu />
          <ColorSchemeToggle />
        </Group>
        <NotificationBell />
        <Group gap={4} wrap="nowrap" visibleFrom="xs">
          <BarLink to="/dashboard/sessions" label={t('common.sessions')} icon={<IconDevices size={18} />} />
          <BarLink to="/dashboard/changepassword" label={t('common.changePassword')} icon={<IconKey size={18} />} />
        </Group>
        <Box hiddenFrom="xs">
          <BarLink to="/dashboard/account" label={t('common.account')} icon={<IconUserCircle size={18} />} />
        </Box>
        {showLogout && (
          <Button
            variant="subtle"
            color="gray.0"
            size="compact-md"
            px={6}
            aria-label={t('common.logout')}
            onClick={() => (waiting.length > 0 || photos > 0 ? setAskingToDiscard(true) : void logout())}
          >
            <IconLogout size={18} />
            <Box component="span" ml={6} visibleFrom="xs">
              {t('common.logout')}
            </Box>
          </Button>
        )}
        <LazyConfirmDialog
          opened={isAskingToDiscard}
          message={unsentWarning(waiting.length, photos)}
          confirmLabel={t('outbox.discardAndLogout')}
          onConfirm={() => void discardAndLogout()}
          onCancel={() => setAskingToDiscard(false)}
        />
      </Group>
    </Group>
  );
}

/** Where the bar keeps the name of the keeper's store, for a start with no signal (cleared on sign-out). */
const KEPT_STORE_NAME = 'barStoreName';

function keptStoreName(storeId: string): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_STORE_NAME) ?? 'null') as { id: string; name: string } | null;
    return kept?.id === storeId ? kept.name : undefined;
  } catch {
    return undefined;
  }
}

/** The keeper's store and the screen's name, each on a line of its own cut short if need be. */
function PhoneTitle() {
  const { t } = useTranslation();
  const title = pageTitleOf(useLocation().pathname);
  const storeId = signedInUser()?.stores[0];
  // Only someone with a store of their own asks for the store names: an admin's bar names the page alone.
  const stores = useQuery({ ...storeOptionsQuery, enabled: Boolean(storeId) });
  const fetched = storeId ? stores.data?.find((row) => row._id === storeId)?.name : undefined;
  useEffect(() => {
    if (storeId && fetched) localStorage.setItem(KEPT_STORE_NAME, JSON.stringify({ id: storeId, name: fetched }));
  }, [storeId, fetched]);
  // With no signal the list cannot come: the name last shown stands in.
  const store = fetched ?? (storeId ? keptStoreName(storeId) : undefined);
  return (
    <Box hiddenFrom="xs" miw={0} lh={1.2}>
      {store && (
        <Text fz="xs" truncate="end" data-testid="bar-store">
          {store}
        </Text>
      )}
      {title && (
        <Text fw={600} fz="sm" truncate="end" data-testid="bar-page">
          {t(title)}
        </Text>
      )}
    </Box>
  );
}

/** An icon in the top bar that opens a page of the signed-in person's own, named for screen readers. */
function BarLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="subtle" color="gray.0" size="compact-md" aria-label={label} px={6}>
      {icon}
    </Button>
  );
}
