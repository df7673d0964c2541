import { Box } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { parkedCountQuery } from '../../features/offline/api/parked';
import { OutboxBar } from '../../features/offline/components/outbox-bar';
import { startSyncLoop } from '../../features/offline/sync';
import { notificationsQuery } from '../../features/replenishment/api/notifications';
import { storeOptionsQuery } from '../../features/stores';
import { signedInUser } from '../../lib/session';
import { TopBar } from './top-bar';

/** What the keeper's frame shows first (the store's name, the bell, what needs attention), asked for as the app starts. */
export function startFetching(queryClient: QueryClient): void {
  if (signedInUser()?.stores[0]) void queryClient.prefetchQuery(storeOptionsQuery);
  void queryClient.prefetchQuery(notificationsQuery);
  void queryClient.prefetchQuery(parkedCountQuery);
}

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
