import { Button, Stack, Text, Title } from '@mantine/core';
import { logout } from '../../auth/api/logout';
import { OverdueBadge } from '../../custody/components/overdue-badge';
import { NeedsAttentionBadge } from '../../offline/components/needs-attention-badge';
import { LowStockBadge } from '../../replenishment/components/low-stock-badge';
import { IncomingTransfersBadge, WaitingRequestsBadge } from '../../transfers/components/transfer-badges';
import { ButtonHub } from '../components/button-hub';
import { DashboardPanel } from '../components/dashboard-panel';

export function AdminHubPage() {
  return (
    <ButtonHub
      title="Admin Role"
      above={<DashboardPanel />}
      buttons={[
        { label: 'Create Users', to: '/dashboard/createuser' },
        { label: 'All Users', to: '/dashboard/allusers' },
        { label: 'Create New Store', to: '/dashboard/createstore' },
        { label: 'Check Store Details', to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function StoreManagementPage() {
  return (
    <ButtonHub
      title="Store Management"
      buttons={[
        { label: 'Create Store', to: '/dashboard/createstore' },
        { label: 'Manage Stores', to: '/dashboard/allstores' },
      ]}
    />
  );
}

export function InventoryHubPage() {
  return (
    <ButtonHub
      title="Inventory Management"
      buttons={[
        { label: 'Materials', to: '/dashboard/productlist' },
        { label: 'Tool Entry', to: '/dashboard/addtools' },
        { label: 'Import', to: '/dashboard/import' },
        { label: 'Tools', to: '/dashboard/alltools' },
        { label: 'Damage Tools', to: '/dashboard/damagetools' },
        { label: 'Return Tools', to: '/dashboard/refundtools' },
        { label: 'Issued Tools', to: '/dashboard/consumetools' },
        { label: 'Generate Report', to: '/dashboard/generatereport' },
        { label: 'Stock Counts', to: '/dashboard/counts' },
        { label: 'Tools Out', to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: 'Low Stock', to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: 'Requests', to: '/dashboard/requests', badge: <WaitingRequestsBadge /> },
        { label: 'Transfers', to: '/dashboard/transfers' },
        { label: 'Needs attention', to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

export function ManagerHubPage() {
  return (
    <ButtonHub
      title="Inventory Management"
      above={<DashboardPanel />}
      buttons={[
        { label: 'Add Material', to: '/dashboard/addproduct' },
        { label: 'All Materials', to: '/dashboard/allproducts' },
        { label: 'Issued Material', to: '/dashboard/consumestock' },
        { label: 'Damage Material', to: '/dashboard/damagestock' },
        { label: 'Return Material', to: '/dashboard/refundstock' },
        { label: 'Add Tool', to: '/dashboard/addtool' },
        { label: 'All Tool', to: '/dashboard/alltool' },
        { label: 'Import', to: '/dashboard/import' },
        { label: 'Damage Tool', to: '/dashboard/damagetool' },
        { label: 'Return Tool', to: '/dashboard/refundtool' },
        { label: 'Issued Tool', to: '/dashboard/consumetool' },
        { label: 'New Purchase', to: '/dashboard/restockproduct' },
        { label: 'Transfer from Warehouse', to: '/dashboard/transferproduct' },
        { label: 'Generate Report', to: '/dashboard/generatereport' },
        { label: 'Stock Count', to: '/dashboard/counts' },
        { label: 'Tools Out', to: '/dashboard/toolsout', badge: <OverdueBadge /> },
        { label: 'Low Stock', to: '/dashboard/lowstock', badge: <LowStockBadge /> },
        { label: 'Requests', to: '/dashboard/requests' },
        { label: 'Transfers', to: '/dashboard/transfers', badge: <IncomingTransfersBadge /> },
        { label: 'Needs attention', to: '/dashboard/needs-attention', badge: <NeedsAttentionBadge /> },
      ]}
    />
  );
}

/** The manager role has no screens of its own yet (docs/SPEC.md section 6). */
export function ManagerPlaceholderPage() {
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>Welcome to Inventory System</Title>
      <Text>Your role has no screens yet. Ask an admin for a Store Keeper account.</Text>
      <Button w="fit-content" onClick={() => void logout()}>
        Logout
      </Button>
    </Stack>
  );
}
