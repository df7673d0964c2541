import { Box } from '@mantine/core';
import { IconBox, IconBuildingWarehouse, IconHome, IconListSearch, IconTool, IconUserShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { OutboxBar } from '../../features/offline/components/outbox-bar';
import { startSyncLoop } from '../../features/offline/sync';
import { Sidebar, type SidebarItem } from './sidebar';
import { TopBar } from './top-bar';

const adminItems: SidebarItem[] = [
  { label: 'Dashboard', to: '/dashboard/admin', icon: IconHome },
  { label: 'Store Management', to: '/dashboard/storemanagement', icon: IconBuildingWarehouse },
  { label: 'Inventory Management', to: '/dashboard/inventory', icon: IconBox },
  { label: 'Audit Trail', to: '/dashboard/audit', icon: IconListSearch },
];

const storeUserItems: SidebarItem[] = [
  { label: 'Materials', to: '/dashboard/store-user-dashboard', icon: IconBox },
  { label: 'Tools', to: '/dashboard/alltools', icon: IconTool },
  { label: 'Tools out', to: '/dashboard/toolsout', icon: IconUserShare },
];

function WithSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <Box>
      <TopBar showLogout={false} />
      <Box style={{ display: 'flex' }}>
        <Sidebar items={items} />
        <Box component="main" p={{ base: 'xs', sm: 'md' }} style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

export function AdminLayout() {
  return <WithSidebar items={adminItems} />;
}

export function StoreUserLayout() {
  return <WithSidebar items={storeUserItems} />;
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
