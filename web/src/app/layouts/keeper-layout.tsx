import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { OutboxBar } from '../../features/offline/components/outbox-bar';
import { startSyncLoop } from '../../features/offline/sync';
import { TopBar } from './top-bar';

/** Store keepers work from their hub, without a sidebar; what they record offline is synced from here. */
export function KeeperLayout() {
  const queryClient = useQueryClient();
  useEffect(() => startSyncLoop(queryClient), [queryClient]);
  return (
    <Box>
      <TopBar showLogout />
      <OutboxBar />
      <Box component="main" p={{ base: 'xs', sm: 'md' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
