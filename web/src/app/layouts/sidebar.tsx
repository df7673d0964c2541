import { ActionIcon, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import classes from './sidebar.module.css';

export type SidebarItem = { label: string; to: string; icon: ComponentType<{ size?: number }> };

/** Under 768 px the sidebar shows icons only, with a toggle to open it. */
export const SIDEBAR_COLLAPSE_QUERY = '(max-width: 767.98px)';

export function Sidebar({ items }: { items: SidebarItem[] }) {
  const isNarrowWindow = useMediaQuery(SIDEBAR_COLLAPSE_QUERY, false, { getInitialValueInEffect: false });
  const [isExpanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const isIconOnly = Boolean(isNarrowWindow) && !isExpanded;

  return (
    <nav className={classes.sidebar} data-collapsed={isIconOnly} aria-label={t('nav.main')}>
      {isNarrowWindow && (
        <ActionIcon
          variant="subtle"
          color="gray.0"
          size="lg"
          onClick={() => setExpanded((open) => !open)}
          aria-label={isExpanded ? t('nav.collapse') : t('nav.expand')}
          aria-expanded={isExpanded}
          mb="sm"
        >
          {isExpanded ? <IconLayoutSidebarLeftCollapse size={22} /> : <IconLayoutSidebarLeftExpand size={22} />}
        </ActionIcon>
      )}
      <Stack gap={4}>
        {items.map(({ label, to, icon: Icon }) => {
          const link = (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={isIconOnly ? undefined : label}
              aria-label={label}
              leftSection={<Icon size={20} />}
              active={pathname === to}
              className={classes.link}
              onClick={() => setExpanded(false)}
            />
          );
          return isIconOnly ? (
            <Tooltip key={to} label={label} position="right">
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
        <UnstyledButton className={classes.logout} onClick={() => void logout()} aria-label={t('common.logout')}>
          <IconLogout size={20} />
          {!isIconOnly && <span>{t('common.logout')}</span>}
        </UnstyledButton>
      </Stack>
    </nav>
  );
}
