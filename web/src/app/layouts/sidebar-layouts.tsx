import { Box } from '@mantine/core';
import {
  IconBox,
  IconBuildingWarehouse,
  IconHome,
  IconListSearch,
  IconMapPinExclamation,
  IconTool,
  IconUserShare,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Sidebar, type SidebarItem } from './sidebar';
import { TopBar } from './top-bar';

const adminItems: SidebarItem[] = [
  { label: 'nav.dashboard', to: '/dashboard/admin', icon: IconHome },
  { label: 'nav.storeManagement', to: '/dashboard/storemanagement', icon: IconBuildingWarehouse },
  { label: 'nav.inventoryManagement', to: '/dashboard/inventory', icon: IconBox },
  { label: 'nav.auditTrail', to: '/dashboard/audit', icon: IconListSearch },
  { label: 'nav.exceptions', to: '/dashboard/exceptions', icon: IconMapPinExclamation },
  { label: 'nav.webhooks', to: '/dashboard/webhooks', icon: IconWebhook },
];

const storeUserItems: SidebarItem[] = [
  { label: 'nav.materials', to: '/dashboard/store-user-dashboard', icon: IconBox },
  { label: 'nav.tools', to: '/dashboard/alltools', icon: IconTool },
  { label: 'nav.toolsOut', to: '/dashboard/toolsout', icon: IconUserShare },
];

function WithSidebar({ items }: { items: SidebarItem[] }) {
  const { t } = useTranslation();
  return (
    <Box>
      <TopBar showLogout={false} />
      <Box style={{ display: 'flex' }}>
        <Sidebar items={items.map((item) => ({ ...item, label: t(item.label) }))} />
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
